package io.fastestjvm;

import java.io.IOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The processes a test starts (child JVMs, scripts), killed with their descendants after each test, whether it
 * passed, failed or timed out: {@code @ExtendWith(ChildProcesses.class)} on the class, and
 * {@link #start(ProcessBuilder)} instead of {@code builder.start()}. A process that has already ended is left alone.
 *
 * <p>The tests compile for Java 8 but run on 9+: {@code Process.descendants()} and {@code ProcessHandle} are reached
 * by reflection, and on Java 8 only the process itself is killed. Descendants are collected before their parent
 * dies (an orphan is re-parented and no longer found as a descendant).
 */
public final class ChildProcesses implements AfterEachCallback {
    private static final List<Process> STARTED = new ArrayList<>();

    /** Starts the process and records it, to be killed after the current test. */
    public static Process start(final ProcessBuilder builder) throws IOException {
        final Process process = builder.start();
        track(process);
        return process;
    }

    /** Records a process started elsewhere, to be killed after the current test. */
    public static synchronized Process track(final Process process) {
        STARTED.add(process);
        return process;
    }

    @Override
    public void afterEach(final ExtensionContext context) throws Exception {
        killAll();
    }

    /** Kills every recorded process and its descendants (SIGKILL), and waits a little for each to end. */
    public static synchronized void killAll() throws InterruptedException {
        for (final Process process : STARTED) {
            final List<Object> descendants = descendants(process);
            if (process.isAlive()) {
                System.err.println("[test] killing a child process left running: " + process);
            }
            process.destroyForcibly();
            for (final Object handle : descendants) {
                destroyForcibly(handle);
            }
            process.waitFor(30, TimeUnit.SECONDS);
        }
        STARTED.clear();
    }

    private static List<Object> descendants(final Process process) {
        try {
            final Method method = Process.class.getMethod("descendants");
            try (Stream<?> handles = (Stream<?>) method.invoke(process)) {
                return handles.collect(Collectors.toList());
            }
        } catch (final ReflectiveOperationException | RuntimeException e) {
            return new ArrayList<>(); // Java 8: no ProcessHandle
        }
    }

    private static void destroyForcibly(final Object handle) {
        try {
            Class.forName("java.lang.ProcessHandle").getMethod("destroyForcibly").invoke(handle);
        } catch (final ReflectiveOperationException | RuntimeException e) {
            // already gone, or not ours to kill
        }
    }
}
