package io.fastestjvm.benchmark;

import java.io.PrintStream;

/**
 * Gives JDK 10-14 enough spare object monitors that MonitorUsedDeflationThreshold does not call a clean-up
 * safepoint every second: a short-lived thread inflating {@link #MONITORS} makes the JVM allocate more blocks.
 */
final class MonitorReserve {
    /** Three blocks' worth, so the JVM has at least four: room for a dozen threads' batches below 90%. */
    static final int MONITORS = 3 * 127;

    private MonitorReserve() {
    }

    /** Whether the JVM of this {@code java.specification.version} deflates monitors in a safepoint on that rule. */
    static boolean neededOn(final String specificationVersion) {
        if (specificationVersion.startsWith("1.")) {
            return false; // 1.8 and older: no usage-triggered clean-up
        }
        final int dot = specificationVersion.indexOf('.');
        final int feature = Integer.parseInt(dot < 0 ? specificationVersion : specificationVersion.substring(0, dot));
        return feature >= 10 && feature <= 14;
    }

    /** On JDK 10-14 only: provisions the reserve before the run's threads start, and says so in one line. */
    static void provisionIfNeeded(final PrintStream out) throws InterruptedException {
        if (neededOn(System.getProperty("java.specification.version"))) {
            final int held = provision(MONITORS);
            out.println("[qp] JDK " + System.getProperty("java.specification.version") + ": " + held
                    + " object monitors inflated on a short-lived thread, so the monitors the run's threads keep"
                    + " stay below MonitorUsedDeflationThreshold (no clean-up safepoint every second)");
        }
    }

    /** Inflates {@code count} monitors held at once on a thread that then ends; returns how many were held. */
    static int provision(final int count) throws InterruptedException {
        final Object[] locks = new Object[count];
        for (int i = 0; i < count; i++) {
            locks[i] = new Object();
        }
        final int[] held = new int[1];
        final Thread thread = new Thread(() -> held[0] = holdFrom(locks, 0), "qp-monitor-reserve");
        thread.start();
        thread.join(); // join's own monitor is on the main thread, which already has its batch
        return held[0];
    }

    /** Locks locks[i..] nested, inflating each: its identity hash taken under its stack lock needs a monitor. */
    private static int holdFrom(final Object[] locks, final int i) {
        if (i == locks.length) {
            return 0;
        }
        synchronized (locks[i]) {
            System.identityHashCode(locks[i]);
            return 1 + holdFrom(locks, i + 1);
        }
    }
}
