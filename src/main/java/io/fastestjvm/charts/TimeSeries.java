package io.fastestjvm.charts;

/** Per-second latency figures of one run, with which seconds were warm-up. Immutable. */
public final class TimeSeries {
    final double[] seconds;
    final double[] p50;
    final double[] p99;
    final double[] max;
    private final boolean[] warmup;

    public TimeSeries(final double[] seconds, final double[] p50, final double[] p99, final double[] max,
                      final boolean[] warmup) {
        this.seconds = seconds.clone();
        this.p50 = p50.clone();
        this.p99 = p99.clone();
        this.max = max.clone();
        this.warmup = warmup.clone();
    }

    /** Second at which the last warm-up interval ends, or 0 when there was none. */
    double warmupEnd() {
        double end = 0;
        for (int i = 0; i < seconds.length; i++) {
            if (warmup[i]) {
                end = i + 1 < seconds.length ? seconds[i + 1] : seconds[i] + 1;
            }
        }
        return end;
    }

    double first() {
        return seconds.length == 0 ? 0 : seconds[0];
    }
}
