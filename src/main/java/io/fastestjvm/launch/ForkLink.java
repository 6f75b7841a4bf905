package io.fastestjvm.launch;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.concurrent.Callable;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.control.ControlLink;
import io.fastestjvm.control.ControlMessage;
import io.fastestjvm.environment.ProcessId;

/**
 * The single run's control protocol: the fork says {@link ChildHandle#HELLO}, runs, and sends one {@link #RESULT}, so
 * the launcher learns how the run ended from a message, not from the fork's console or a listing of folders.
 */
public final class ForkLink {
    /** The fork's last message: how its run ended. */
    static final String RESULT = "result";
    static final String EXIT_CODE = "exitCode";
    /** The results folder's absolute path; absent when the run wrote none (help, a refused setting). */
    static final String FOLDER = "folder";

    private ForkLink() {
    }

    /** The fork's side: hello, {@code run}, its result; the run's exit code. */
    public static int serve(final Callable<BenchmarkResult> run) throws Exception {
        try (ControlLink link = ControlLink.toParent()) {
            link.send(ControlMessage.of(ChildHandle.HELLO).with(ChildHandle.PID, ProcessId.current()));
            final BenchmarkResult result = run.call();
            link.send(result(result));
            return result.exitCode();
        }
    }

    static ControlMessage result(final BenchmarkResult result) {
        final ControlMessage message = ControlMessage.of(RESULT).with(EXIT_CODE, result.exitCode());
        final Path folder = result.resultsFolder();
        return folder == null ? message : message.with(FOLDER, folder.toAbsolutePath().toString());
    }

    /** The launcher's reading of a {@link #RESULT}; {@code exitCode} is the process's own when it is known. */
    static BenchmarkResult read(final ControlMessage result, final Integer exitCode) {
        final int exit = exitCode != null ? exitCode : (int) result.number(EXIT_CODE);
        final Path folder = result.has(FOLDER) ? Paths.get(result.text(FOLDER)) : null;
        return new BenchmarkResult(exit, folder, folder != null ? Collections.<String>emptyList()
                : Collections.singletonList("the benchmark JVM ended with exit code " + exit
                + " and wrote no results folder; see its output above"));
    }
}
