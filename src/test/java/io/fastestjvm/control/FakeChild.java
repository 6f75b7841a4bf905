package io.fastestjvm.control;

import java.io.EOFException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;

/**
 * A stand-in warm child for {@link ChildHandleTest}: connects to its parent, says hello with its pid, then answers
 * {@code echo} (with {@code echoed} and the same {@code n}), {@code fail} (a failed reply), {@code hang} (never
 * replies), {@code say} (a line on stdout and one on stderr, then {@code said}) and {@code exit} (exits with code 3,
 * no reply). It ends with code 0 when its parent closes the link.
 */
public final class FakeChild {
    static final int EXIT_CODE = 3;
    static final String SAID_OUT = "a line the child wrote to stdout";
    static final String SAID_ERR = "a line the child wrote to stderr";

    private FakeChild() {
    }

    public static void main(final String[] args) throws IOException, InterruptedException {
        try (ControlLink link = ControlLink.toParent()) {
            final String jvm = ManagementFactory.getRuntimeMXBean().getName();
            link.send(ControlMessage.of(ChildHandle.HELLO).with("pid", Long.parseLong(jvm.substring(0,
                    jvm.indexOf('@')))));
            while (true) {
                final ControlMessage command;
                try {
                    command = link.receive(0);
                } catch (final EOFException e) {
                    return;
                }
                switch (command.type()) {
                    case "echo":
                        link.send(ControlMessage.of("echoed").with("n", command.number("n")));
                        break;
                    case "fail":
                        link.send(ControlMessage.failed("asked to"));
                        break;
                    case "say":
                        System.out.println(SAID_OUT);
                        System.err.println(SAID_ERR);
                        link.send(ControlMessage.of("said"));
                        break;
                    case "hang":
                        new CountDownLatch(1).await();
                        break;
                    case "exit":
                        System.exit(EXIT_CODE);
                        break;
                    default:
                        link.send(ControlMessage.failed("unknown command " + command.type()));
                }
            }
        }
    }
}
