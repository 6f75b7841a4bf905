package io.fastestjvm.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The control link over a real loopback connection: the parent's end accepted here, the child's from another thread. */
class ControlLinkTest {
    private ServerSocket server;
    private ExecutorService connector;
    private ControlLink parent;
    private ControlLink child;

    @BeforeEach
    void connect() throws Exception {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        server.setSoTimeout((int) TimeUnit.SECONDS.toMillis(10));
        connector = Executors.newSingleThreadExecutor();
        final int port = server.getLocalPort();
        final Future<ControlLink> connecting = connector.submit(() -> ControlLink.connect(port));
        parent = new ControlLink(server.accept());
        child = connecting.get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void close() throws IOException {
        connector.shutdownNow();
        if (child != null) {
            child.close();
        }
        if (parent != null) {
            parent.close();
        }
        server.close();
    }

    @Test
    void messagesCrossBothWaysWithNumbersTextAndNestedMaps() throws IOException {
        final Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("p99", 1234);
        inner.put("unit", "ns");
        final Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("p50", 412);
        nested.put("label", "a, \"quoted\" \u00e9 name");
        nested.put("inner", inner);
        parent.send(ControlMessage.of("slice").with("cycle", 7).with("big", 1L << 40).with("rate", 2.5)
                .with("who", "line one\nline two").with("steady", true).with("evidence", nested)
                .with("list", Arrays.asList(1, 2, 3)));
        parent.send(ControlMessage.of("second"));

        final ControlMessage slice = child.receive(5000);
        assertEquals("slice", slice.type());
        assertEquals(7, slice.number("cycle"));
        assertEquals(1L << 40, slice.number("big"));
        assertEquals(2.5, slice.fields().get("rate"));
        assertEquals("line one\nline two", slice.text("who"));
        assertEquals(Boolean.TRUE, slice.fields().get("steady"));
        assertEquals(nested, slice.fields().get("evidence"));
        assertEquals(Arrays.asList(1, 2, 3), slice.fields().get("list"));
        assertTrue(slice.has("list"));
        assertFalse(slice.has("absent"));
        assertEquals("second", child.receive(5000).type(), "messages arrive in order, one per line");

        child.send(ControlMessage.of("sliced").with("n", -3).with("reason", "ok"));
        child.send(ControlMessage.failed("disk full"));
        final ControlMessage reply = parent.receive(5000);
        assertEquals("sliced", reply.type());
        assertEquals(-3, reply.number("n"));
        assertEquals("ok", reply.text("reason"));
        final ControlMessage failed = parent.receive(5000);
        assertEquals(ControlMessage.FAILED, failed.type());
        assertEquals("disk full", failed.text(ControlMessage.REASON));
    }

    @Test
    void aMissingOrWrongFieldIsAnErrorNotAZero() throws IOException {
        parent.send(ControlMessage.of("x").with("text", "12"));
        final ControlMessage message = child.receive(5000);
        assertThrows(IllegalArgumentException.class, () -> message.number("text"));
        assertThrows(IllegalArgumentException.class, () -> message.number("absent"));
        assertEquals(null, message.text("absent"));
    }

    @Test
    void withLeavesTheOriginalUnchanged() {
        final ControlMessage original = ControlMessage.of("a");
        final ControlMessage more = original.with("n", 1);
        assertFalse(original.has("n"));
        assertTrue(more.has("n"));
        assertThrows(UnsupportedOperationException.class, () -> more.fields().put("m", 2));
    }

    @Test
    void aLineWithoutATypeIsRejectedAndUnknownFieldsAreKept() throws IOException {
        final IOException untyped = assertThrows(IOException.class, () -> ControlMessage.parse("{\"n\":1}"));
        assertTrue(untyped.getMessage().contains("without a type"), untyped.getMessage());
        assertThrows(IOException.class, () -> ControlMessage.parse("{\"type\":5}"));
        assertThrows(IOException.class, () -> ControlMessage.parse("not json"));
        final ControlMessage parsed = ControlMessage.parse("{\"type\":\"t\",\"later\":{\"x\":[1]}}");
        assertEquals("t", parsed.type());
        assertTrue(parsed.has("later"));
    }

    @Test
    void aReceiveWithNothingSentTimesOut() {
        final long started = System.nanoTime();
        assertThrows(SocketTimeoutException.class, () -> child.receive(200));
        assertThrows(SocketTimeoutException.class, () -> parent.receive(200));
        final long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertTrue(millis >= 350 && millis < 5000, "two 200 ms deadlines took " + millis + " ms");
    }

    @Test
    void aClosedPeerGivesEndOfFile() throws IOException {
        parent.send(ControlMessage.of("last"));
        parent.close();
        assertEquals("last", child.receive(5000).type(), "what was sent before the close still arrives");
        assertThrows(EOFException.class, () -> child.receive(5000));

        child.close();
        child = null;
    }

    @Test
    void aClosedChildGivesTheParentEndOfFile() throws IOException {
        child.close();
        child = null;
        assertThrows(EOFException.class, () -> parent.receive(5000));
    }
}
