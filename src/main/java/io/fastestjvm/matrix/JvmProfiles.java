package io.fastestjvm.matrix;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import io.fastestjvm.report.ResultsSet;
import io.fastestjvm.results.model.RunResults;

/** The JVM profiles: discovery and activation stay in the shell; this asks {@code lib/profile-env.sh} per call. */
final class JvmProfiles {
    private final File script;
    private final long answerSeconds;

    /** {@code answerSeconds}: how long one question to the script may take before the matrix gives up on it. */
    JvmProfiles(final File projectDir, final long answerSeconds) {
        this.script = new File(projectDir, "jvm-profiles/lib/profile-env.sh");
        this.answerSeconds = answerSeconds;
    }

    /** Every profile's name ({@code all}), or the matrix's default set ({@code default}). */
    List<String> names(final String which) throws IOException {
        final Answer answer = ask("names", which);
        if (answer.exit != 0) {
            throw new IOException("profile-env.sh names " + which + " failed: " + answer.err.trim());
        }
        return answer.out;
    }

    /** The profile {@code name} names (itself, or the one an alias stands for, said on err), or null. */
    String resolve(final String name, final PrintStream err) throws IOException {
        final Answer answer = ask("resolve", name);
        if (answer.exit != 0) {
            return null;
        }
        err.print(answer.err);
        return String.join("\n", answer.out).trim();
    }

    /** The profile activated with the flag set: its Java home, flags and what it is, or why it cannot run here. */
    Activation activate(final String profile, final String flagSet) throws IOException {
        final Answer answer = ask("activate", profile, flagSet);
        final Map<String, String> facts = new LinkedHashMap<>();
        answer.out.stream().filter(line -> line.indexOf('=') > 0).forEach(line -> facts.put(
                line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1)));
        return new Activation(answer.exit == 0 ? facts : null, answer.err.replace('\n', ' '));
    }

    /** One activation: {@link #facts} (home, flags, javaSpec, expectsGraal, ...) or, when it failed, its reason. */
    static final class Activation {
        final Map<String, String> facts;
        final String reason;

        Activation(final Map<String, String> facts, final String reason) {
            this.facts = facts;
            this.reason = reason;
        }

        boolean found() {
            return facts != null;
        }

        String fact(final String name) {
            return facts == null ? "" : facts.getOrDefault(name, "");
        }

        /**
         * Why the run in {@code folder} does not count for this JVM, or "" when it does: a matrix run counts only if it
         * ran on the JVM its profile promised (Java version, Graal) and passed.
         */
        String whyNot(final Path folder, final Path log) throws IOException {
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
            final String wanted = "8".equals(fact("javaSpec")) ? "1.8" : fact("javaSpec");
            if (!spec.equals(wanted)) {
                return "ran on Java " + spec + ", expected Java " + wanted;
            }
            final String graal = tree.at("/environment/jit/graalInUse").asText();
            if (!graal.equals(fact("expectsGraal"))) {
                return "Graal in use: " + graal + ", expected " + fact("expectsGraal");
            }
            if (!RunResults.PASSED.equals(tree.at("/status").asText())) {
                return ResultsSet.CHECKS_FAILED + ": "
                        + (results.failures().isEmpty() ? "" : results.failures().get(0));
            }
            return "";
        }
    }

    private Answer ask(final String... question) throws IOException {
        final List<String> command = new ArrayList<>(Arrays.asList("bash", script.getPath()));
        command.addAll(Arrays.asList(question));
        // both streams to files: reading a pipe before the wait would let a hung script block the matrix forever
        final File outFile = File.createTempFile("qp-profile-env-", ".out");
        final File errFile = File.createTempFile("qp-profile-env-", ".err");
        try {
            final Process process = new ProcessBuilder(command).redirectOutput(outFile).redirectError(errFile).start();
            process.getOutputStream().close();
            try {
                if (!process.waitFor(answerSeconds, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IOException(String.join(" ", command) + " gave no answer in " + answerSeconds + " s");
                }
            } catch (final InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted asking " + String.join(" ", command), e);
            }
            final List<String> out = Files.readAllLines(outFile.toPath(), StandardCharsets.UTF_8).stream()
                    .filter(line -> !line.isEmpty()).collect(Collectors.toList());
            return new Answer(process.exitValue(), out,
                    new String(Files.readAllBytes(errFile.toPath()), StandardCharsets.UTF_8));
        } finally {
            for (final File file : new File[] {outFile, errFile}) {
                if (!file.delete()) {
                    file.deleteOnExit();
                }
            }
        }
    }

    private static final class Answer {
        final int exit;
        final List<String> out;
        final String err;

        Answer(final int exit, final List<String> out, final String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }
    }
}
