package io.fastestjvm.benchmark;

import io.fastestjvm.config.BenchmarkOptions;

/**
 * Splits the one continuous message schedule into the warm-up and the measured runs: warm-up is sequences
 * [0, warmup), run r is [warmup + r * perRun, warmup + (r + 1) * perRun).
 */
final class Phases {
    final long warmupMessages;
    final int messagesPerRun;
    final int runs;
    final long rate;

    Phases(final long warmupMessages, final int messagesPerRun, final int runs, final long rate) {
        this.warmupMessages = warmupMessages;
        this.messagesPerRun = messagesPerRun;
        this.runs = runs;
        this.rate = rate;
    }

    static Phases of(final BenchmarkOptions options) {
        return new Phases(options.warmupMessages(), Math.toIntExact(options.messagesPerRun()), options.runs(),
                options.rate());
    }

    long runStart(final int run) {
        return warmupMessages + (long) run * messagesPerRun;
    }

    long total() {
        return runStart(runs);
    }

    /**
     * Both threads work in chunks of one second's messages. Phase boundaries fall between chunks, so the inner
     * loops run identically in warm-up and measurement, and warm-up also exercises their exit and re-entry.
     */
    long chunkEnd(final long chunkStart) {
        return Math.min(chunkStart + rate, total());
    }

    /** The run that starts at {@code sequence}, -1 for none. */
    int runStartingAt(final long sequence) {
        if (sequence < warmupMessages || (sequence - warmupMessages) % messagesPerRun != 0) {
            return -1;
        }
        final long run = (sequence - warmupMessages) / messagesPerRun;
        return run < runs ? (int) run : -1;
    }
}
