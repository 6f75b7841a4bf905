package io.fastestjvm.charts;

/**
 * One line of the percentile spectrum: latency at points of the 1/(1-p) axis (x = 1/(1-p), so 10 is 90%, 100 is
 * 99%). Immutable.
 */
public final class SpectrumLine {
    private final String label;
    private final String profile;
    private final boolean dashed;
    private final int hostIndex;
    private final double[] inverseTail;
    private final double[] nanos;

    /**
     * @param dashed    true for intended-send latency, drawn dashed beside the solid actual-send line
     * @param hostIndex which machine (0 for the first): machines after the first get markers, same colour
     */
    public SpectrumLine(final String label, final String profile, final boolean dashed, final int hostIndex,
                        final double[] inverseTail, final double[] nanos) {
        this.label = label;
        this.profile = profile;
        this.dashed = dashed;
        this.hostIndex = hostIndex;
        this.inverseTail = inverseTail.clone();
        this.nanos = nanos.clone();
    }

    public String label() {
        return label;
    }

    public String profile() {
        return profile;
    }

    public boolean dashed() {
        return dashed;
    }

    public int hostIndex() {
        return hostIndex;
    }

    double[] inverseTail() {
        return inverseTail.clone();
    }

    double[] nanos() {
        return nanos.clone();
    }
}
