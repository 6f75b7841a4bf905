package io.fastestjvm.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Copies the committed fixture folders into a test's temp folder and runs the Report tool on them. */
final class Fixtures {
    static final Path MATRIX_SET = Paths.get("src/test/resources/fixtures/matrix-set");
    static final Path EXTRAS = Paths.get("src/test/resources/fixtures/extras");

    private Fixtures() {
    }

    static Path copy(final Path from, final Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (final Path file : files.collect(Collectors.toList())) {
                final Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        return to;
    }

    /** Every file under a folder, relative, sorted: to prove a rejected run wrote nothing. */
    static List<String> listing(final Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.map(p -> folder.relativize(p).toString()).sorted().collect(Collectors.toList());
        }
    }

    static String read(final Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The outcome of one Report invocation. */
    static final class Outcome {
        final int exitCode;
        final String out;
        final String err;

        Outcome(final int exitCode, final String out, final String err) {
            this.exitCode = exitCode;
            this.out = out;
            this.err = err;
        }
    }

    static Outcome report(final String... args) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exitCode;
        try (PrintStream o = new PrintStream(out, true); PrintStream e = new PrintStream(err, true)) {
            exitCode = Report.run(args, o, e);
        }
        return new Outcome(exitCode, new String(out.toByteArray(), StandardCharsets.UTF_8),
                new String(err.toByteArray(), StandardCharsets.UTF_8));
    }
}
