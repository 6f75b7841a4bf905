package io.fastestjvm.charts;

/**
 * One line of the percentile spectrum: latency at points of the 1/(1-p) axis (x = 1/(1-p), so 10 is 90%, 100 is
 * 99%). Immutable.
 */
public final class SpectrumLine {
    final String label;
    final String profile;
    /** Which machine (0 for the first): machines after the first get markers, same colour. */
    final int hostIndex;
    final double[] inverseTail;
    final double[] nanos;

    public SpectrumLine(final String label, final String profile, final int hostIndex,
                        final double[] inverseTail, final double[] nanos) {
        this.label = label;
        this.profile = profile;
        this.hostIndex = hostIndex;
        this.inverseTail = inverseTail.clone();
        this.nanos = nanos.clone();
    }
}
