package io.fastestjvm.control;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Every child JVM the project starts, driven over a {@link ControlLink}. Every wait has a deadline, and a child that
 * misses one is killed before the failure is thrown, so a hung child never hangs its parent. The child's stdin is a
 * pipe this JVM holds and never writes: when this JVM dies the kernel closes it and the child's lifeline ends it.
 */
public final class ChildHandle implements AutoCloseable {
    /** The reply a child sends first, with its {@link #PID} (Java 8 has no Process.pid()). */
    public static final String HELLO = "hello";
    public static final String PID = "pid";
    private static final long STOP_MILLIS = TimeUnit.SECONDS.toMillis(30);
    private static final long ACCEPT_POLL_MILLIS = 200;
    /** How long a child that closed its link gets to end by itself before it is killed. */
    private static final long ENDING_MILLIS = TimeUnit.SECONDS.toMillis(5);
    /**
     * The children this JVM has stopped ({@link #pause}). A stopped child cannot notice its parent died, so it would
     * hold its heap and queues for ever: a shutdown hook continues them, and the comparison's ProcSample those a
     * SIGKILLed parent left behind, so each ends itself and removes its queues.
     */
    private static final Set<Long> PAUSED = new LinkedHashSet<>();
    private static boolean pausedHooked;

    private final String name;
    private final Process process;
    private final ControlLink link;
    private final ChildOutput output;
    /** Ends the child, and writes its last forwarded lines, when this JVM is stopped. */
    private final Thread stopper;
    /** From the child's hello; -1 until then (a failure before it names no pid). */
    private long pid = -1;
    /** Whether {@link #pause} stopped it: it must be continued before anything else is asked of it. */
    private boolean paused;

    private ChildHandle(final String name, final Process process, final ControlLink link, final ChildOutput output,
                        final Thread stopper) {
        this.name = name;
        this.process = process;
        this.link = link;
        this.output = output;
        this.stopper = stopper;
    }

    /**
     * A stopped parent ends with its child ended and its queue removed, not with the console back while the child
     * still runs. Registered before the hello: a parent stopped while it waits for one must end the child too.
     */
    private static Thread stopOnShutdown(final String name, final Process process, final ChildOutput output)
            throws IOException {
        final Thread stopper = new Thread(() -> {
            kill(process);
            output.drain();
        }, "qp-child-stop");
        try {
            Runtime.getRuntime().addShutdownHook(stopper);
        } catch (final IllegalStateException e) {
            stopper.run(); // here, at once: no hook will
            throw new IOException(name + " not started: this JVM is shutting down");
        }
        return stopper;
    }

    /** Removes a hook this JVM added; during a shutdown (a signal) the JVM refuses, and the hook runs anyway. */
    public static void removeShutdownHook(final Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (final IllegalStateException e) {
            // this JVM is already shutting down: the hook runs or has run
        }
    }

    /** Forks {@code command} (a java command line ending in its main class) and waits for its hello. */
    public static ChildHandle start(final String name, final List<String> command, final ChildOutput output,
                                    final long connectMillis) throws IOException, ChildFailure {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            final List<String> line = new ArrayList<>(command);
            line.add(line.size() - 1, "-D" + ControlLink.PORT_PROPERTY + "=" + server.getLocalPort());
            final Process process = output.start(line);
            final Thread stopper = stopOnShutdown(name, process, output);
            final ControlLink link;
            try {
                link = accept(name, server, process, output, connectMillis);
            } catch (final IOException | ChildFailure e) {
                kill(process);
                output.drain();
                removeShutdownHook(stopper);
                throw e;
            }
            final ChildHandle handle = new ChildHandle(name, process, link, output, stopper);
            try {
                handle.pid = handle.await(HELLO, connectMillis).number(PID);
            } catch (final ChildFailure e) {
                handle.close();
                throw e;
            }
            return handle;
        }
    }

    /** The child's connection; a failure, the child killed, when it ended or the deadline passed first. */
    private static ControlLink accept(final String name, final ServerSocket server, final Process process,
                                      final ChildOutput output, final long connectMillis)
            throws IOException, ChildFailure {
        final long deadline = System.currentTimeMillis() + connectMillis;
        server.setSoTimeout((int) ACCEPT_POLL_MILLIS);
        while (process.isAlive() && System.currentTimeMillis() < deadline) {
            try {
                return new ControlLink(server.accept());
            } catch (final SocketTimeoutException e) {
                // not yet: look again whether the child is still alive
            }
        }
        final boolean ended = !process.isAlive();
        final Integer exit = kill(process);
        throw new ChildFailure(name + ": " + (ended ? "ended with exit code " + exit + " before connecting"
                : "did not connect within " + connectMillis + " ms; killed") + " (" + output.where() + ")",
                exit, !ended);
    }

    public long pid() {
        return pid;
    }

    /** SIGSTOP while it has nothing to do, so none of its JVM threads takes CPU from a sibling that measures. */
    public void pause() throws ChildFailure {
        paused(pid); // first: the shutdown hook must know it before it can be stopped
        try {
            signal("STOP");
        } catch (final ChildFailure e) {
            continued(pid);
            throw e;
        }
        paused = true;
    }

    /** SIGCONT, then {@code settleMillis} for its periodic threads to catch up before its next command. */
    public void resume(final long settleMillis) throws ChildFailure {
        if (!paused) {
            return;
        }
        signal("CONT");
        paused = false;
        continued(pid);
        try {
            Thread.sleep(settleMillis); // not synchronisation: a pause in wall time, whatever the child does
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static synchronized void paused(final long pid) {
        if (!pausedHooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(ChildHandle::continueAll, "qp-continue-children"));
            pausedHooked = true;
        }
        PAUSED.add(pid);
    }

    private static synchronized void continued(final long pid) {
        PAUSED.remove(pid);
    }

    private static synchronized void continueAll() {
        PAUSED.forEach(pid -> signal(pid, "CONT"));
        PAUSED.clear();
    }

    private void signal(final String signal) throws ChildFailure {
        if (pid <= 0) {
            throw new ChildFailure(name + ": no pid to send SIG" + signal + " to", null, false);
        }
        final String problem = signal(pid, signal);
        if (problem != null) {
            throw failure(problem);
        }
    }

    /** {@code kill -SIGNAL pid}, bounded: null when it succeeded, else what went wrong. */
    public static String signal(final long pid, final String signal) {
        try {
            final Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid))
                    .redirectErrorStream(true).start();
            if (!kill.waitFor(STOP_MILLIS, TimeUnit.MILLISECONDS)) {
                kill.destroyForcibly();
                return "kill -" + signal + " did not end within " + STOP_MILLIS + " ms";
            }
            return kill.exitValue() == 0 ? null : "kill -" + signal + " exited " + kill.exitValue();
        } catch (final IOException e) {
            return "kill -" + signal + " could not run: " + e;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted sending SIG" + signal;
        }
    }

    /** Sends {@code command} and returns the reply of type {@code expected}, within {@code timeoutMillis}. */
    public ControlMessage request(final ControlMessage command, final String expected, final long timeoutMillis)
            throws ChildFailure {
        if (paused) {
            throw failure("asked for " + command.type() + " while paused");
        }
        try {
            link.send(command);
        } catch (final IOException e) {
            throw failure("could not send " + command.type() + ": " + e);
        }
        return await(expected, timeoutMillis);
    }

    /** The child's next message, which must be {@code expected}; a child that does not send it is killed. */
    public ControlMessage await(final String expected, final long timeoutMillis) throws ChildFailure {
        final ControlMessage reply;
        try {
            reply = link.receive(timeoutMillis);
        } catch (final SocketTimeoutException e) {
            throw failure("no " + expected + " reply within " + timeoutMillis + " ms", true);
        } catch (final EOFException e) {
            awaitExit(ENDING_MILLIS); // it closed the link: it is ending, and its own exit code says how
            throw failure("ended before its " + expected + " reply");
        } catch (final IOException e) {
            throw failure("control link broke waiting for " + expected + ": " + e);
        }
        if (ControlMessage.FAILED.equals(reply.type())) {
            throw new ChildFailure(name + ": " + reply.text(ControlMessage.REASON), null, false);
        }
        if (!expected.equals(reply.type())) {
            throw failure("replied " + reply.type() + " where " + expected + " was due");
        }
        return reply;
    }

    private ChildFailure failure(final String what) {
        return failure(what, false);
    }

    /** Kills the child (it missed a deadline or broke the protocol) and names it, its exit and its log. */
    private ChildFailure failure(final String what, final boolean timedOut) {
        continueIfPaused();
        final boolean ended = !process.isAlive();
        final Integer exit = kill(process);
        output.drain();
        return new ChildFailure(name + " (pid " + pid + "): " + what + (ended ? "" : "; killed")
                + (exit == null ? "" : ", exit code " + exit) + " (" + output.where() + ")", exit, timedOut);
    }

    /** The child's exit code once it has ended by itself within {@code millis} (0: now), else null (it still runs). */
    public Integer awaitExit(final long millis) {
        try {
            if (process.waitFor(millis, TimeUnit.MILLISECONDS)) {
                output.drain();
                return process.exitValue();
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /** Closes the link and its lifeline, waits up to 30 s for it to exit on its own, then kills it. */
    @Override
    public void close() {
        continueIfPaused();
        try {
            link.close();
            process.getOutputStream().close();
            if (!process.waitFor(STOP_MILLIS, TimeUnit.MILLISECONDS)) {
                kill(process);
            }
        } catch (final IOException e) {
            kill(process);
        } catch (final InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
        }
        output.drain();
        removeShutdownHook(stopper);
    }

    /** A stopped child cannot end on its lifeline or run its shutdown hooks (which remove its queues). */
    private void continueIfPaused() {
        if (paused) {
            paused = false;
            continued(pid);
            signal(pid, "CONT"); // if it fails, the SIGKILL that may follow ends a stopped process too
        }
    }

    /** SIGTERM (its shutdown hook removes its queue), then SIGKILL after 30 s: the exit code, or null. */
    public static Integer kill(final Process process) {
        try {
            process.destroy();
            if (!process.waitFor(STOP_MILLIS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (final InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        return process.isAlive() ? null : process.exitValue();
    }
}
