package io.fastestjvm.control;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The two-way control link: a loopback TCP connection carrying {@link ControlMessage}s, one JSON line each, as JMH
 * links its host and forks. A socket rather than the child's stdout, because a JVM writes its own warnings there.
 */
public final class ControlLink implements Closeable {
    public static final String PORT_PROPERTY = "io.fastestjvm.controlPort";
    /** Exit code of a run stopped because its parent is gone (nobody is left to read it; 128 + SIGHUP's 1). */
    public static final int PARENT_GONE = 129;
    private static final long HALT_AFTER_SECONDS = 60;

    private final Socket socket;
    private final BufferedReader in;
    private final Writer out;

    ControlLink(final Socket socket) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        this.out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
    }

    /** The child's end: connects to the parent on loopback at the port {@link #PORT_PROPERTY} names. */
    public static ControlLink toParent() throws IOException {
        final Integer port = Integer.getInteger(PORT_PROPERTY);
        if (port == null) {
            throw new IllegalStateException(PORT_PROPERTY + " is not set: this JVM is started by ChildHandle, which"
                    + " listens on that port");
        }
        return connect(port);
    }

    /** The child's end: connects to the parent on loopback at {@code port}. */
    public static ControlLink connect(final int port) throws IOException {
        final Socket socket = new Socket();
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
                (int) TimeUnit.SECONDS.toMillis(30));
        return new ControlLink(socket);
    }

    /**
     * The child's lifeline: its parent holds the write end of this JVM's stdin and never writes, so the kernel closes
     * it when the parent ends (kill -9 included), and end-of-file here exits through the shutdown hooks (which delete
     * the queue), so no benchmark outlives its parent.
     */
    public static void watchParent(final PrintStream err) {
        final Thread lifeline = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the parent writes nothing; read on until the pipe closes
                }
            } catch (final IOException e) {
                // a broken pipe means the same as end-of-file
            }
            err.println("[qp] the parent process is gone: stopping this benchmark JVM");
            final Thread halt = new Thread(() -> {
                try {
                    TimeUnit.SECONDS.sleep(HALT_AFTER_SECONDS); // a deadline for hooks that hang, not a wait
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                Runtime.getRuntime().halt(PARENT_GONE);
            }, "qp-lifeline-halt");
            halt.setDaemon(true);
            halt.start();
            System.exit(PARENT_GONE);
        }, "qp-parent-lifeline");
        lifeline.setDaemon(true);
        lifeline.start();
    }

    public synchronized void send(final ControlMessage message) throws IOException {
        out.write(message.toLine());
        out.write('\n');
        out.flush();
    }

    /** The next message within {@code timeoutMillis} (0: forever, for a child, whose parent's death closes it). */
    public ControlMessage receive(final long timeoutMillis) throws IOException {
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMillis));
        final String line = in.readLine();
        if (line == null) {
            throw new java.io.EOFException("the control link was closed by the other end");
        }
        return ControlMessage.parse(line);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
