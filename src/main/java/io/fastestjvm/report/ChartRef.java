package io.fastestjvm.report;

/** A chart written to charts/: its file stem and what it shows. Immutable. */
public final class ChartRef {
    private final String stem;
    private final String caption;

    ChartRef(final String stem, final String caption) {
        this.stem = stem;
        this.caption = caption;
    }

    /** File name without extension; the chart is stem.png. */
    public String stem() {
        return stem;
    }

    public String caption() {
        return caption;
    }
}
