package io.fastestjvm.matrix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import com.fasterxml.jackson.databind.JsonNode;
import io.fastestjvm.report.ResultsSet;
import io.fastestjvm.results.model.RunResults;

/** A matrix run counts only if it ran on the JVM its profile promised (Java version, Graal) and passed. */
final class IntendedJvm {
    private IntendedJvm() {
    }

    /** Why the run in {@code folder} does not count for {@code jvm}, or "" when it does. */
    static String whyNot(final JvmProfiles.Activation jvm, final Path folder, final Path log) throws IOException {
        final Path summary = folder.resolve(RunResults.FILE_NAME);
        if (!Files.isRegularFile(summary)) {
            return "no " + RunResults.FILE_NAME + " in " + folder;
        }
        final RunResults results;
        final JsonNode tree;
        try {
            results = RunResults.read(summary);
            tree = results.tree();
        } catch (final IOException | RuntimeException e) {
            Files.write(log, ("results model: " + e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.APPEND);
            return RunResults.FILE_NAME + " unreadable by the results model; see " + log.getFileName();
        }
        final String spec = tree.at("/environment/java.specification.version").asText();
        final String wanted = "8".equals(jvm.fact("javaSpec")) ? "1.8" : jvm.fact("javaSpec");
        if (!spec.equals(wanted)) {
            return "ran on Java " + spec + ", expected Java " + wanted;
        }
        final String graal = tree.at("/environment/jit/graalInUse").asText();
        if (!graal.equals(jvm.fact("expectsGraal"))) {
            return "Graal in use: " + graal + ", expected " + jvm.fact("expectsGraal");
        }
        if (!RunResults.PASSED.equals(tree.at("/status").asText())) {
            return ResultsSet.CHECKS_FAILED + ": "
                    + (results.failures().isEmpty() ? "" : results.failures().get(0));
        }
        return "";
    }
}
