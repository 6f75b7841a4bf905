package io.fastestjvm;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.benchmark.BenchmarkRun;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;

/**
 * Entry point of {@code mvn exec:java@QueuePerformance}: a pinned producer writes fixed-size messages at a steady
 * rate into a memory-mapped Chronicle Queue and a pinned consumer records each message's latency. Settings are
 * {@code qp.*} system properties; see README.md.
 */
public final class QueuePerformance {
    private QueuePerformance() {
    }

    public static void main(final String[] args) throws Exception {
        final int exitCode = run();
        if (exitCode != BenchmarkResult.PASSED) {
            // exec:java runs in Maven's JVM: exiting is the only way to hand Maven a non-zero code.
            System.exit(exitCode);
        }
    }

    static int run() throws Exception {
        // Chronicle would otherwise report usage over the network and write ~/.chronicle.analytics.*.
        System.setProperty("chronicle.analytics.disable", "true");
        final BenchmarkOptions options;
        try {
            options = BenchmarkOptions.fromProperties(System.getProperties());
        } catch (final InvalidSettingException e) {
            System.err.println("error: " + e.getMessage());
            return BenchmarkResult.INVALID_SETTING;
        }
        return new BenchmarkRun(options, System.out, System.err).execute().exitCode();
    }
}
