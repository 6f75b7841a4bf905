package io.fastestjvm.transport;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Older Chronicle Queue releases truncate a rolled-over queue file in the background (QueueFileShrinkManager, off with
 * {@code -Dchronicle.queue.disableFileShrinking=true}); the release this project uses (pom.xml) has no such manager and
 * reads no such property, so nothing shrinks a slice JVM's queues and no flag is set for it. A Chronicle that brings
 * the manager back fails this test: then set the property where VariantLaunch builds a slice JVM's command line.
 */
class ChronicleFileShrinkingTest {
    @Test
    void chronicleHasNoBackgroundFileShrinking() {
        assertThrows(ClassNotFoundException.class,
                () -> Class.forName("net.openhft.chronicle.queue.impl.single.QueueFileShrinkManager"));
        assertThrows(ClassNotFoundException.class,
                () -> Class.forName("net.openhft.chronicle.queue.impl.QueueFileShrinkManager"));
    }
}
