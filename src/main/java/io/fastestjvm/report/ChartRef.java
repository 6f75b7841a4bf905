package io.fastestjvm.report;

/** A chart written to charts/ as {@code stem}.png, and what it shows. Immutable. */
public final class ChartRef {
    final String stem;
    final String caption;

    ChartRef(final String stem, final String caption) {
        this.stem = stem;
        this.caption = caption;
    }
}
