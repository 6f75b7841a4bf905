package io.fastestjvm.verdict;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Stein's two-stage procedure (C. Stein, "A two-sample test for a linear hypothesis whose power is independent of
 * the variance", Annals of Mathematical Statistics 16, 1945) for deciding how many blocks to run: a pilot of n0
 * blocks estimates the block sd s0, which fixes the total {@code n = max(n0, ceil((t_{n0-1} * s0 / h)^2))} for a
 * target half-width h. The final interval is the mean of all n block values -/+ {@code t_{n0-1} * s0 / sqrt(n)}:
 * df and sd come from the pilot alone. That is what keeps its coverage exact: n depends on the data only through
 * s0, which is independent of the mean of normal block values, so (mean - mu) * sqrt(n) / s0 is exactly t with
 * n0 - 1 df. Re-estimating the sd from all n blocks would bias it (n was chosen because s0 looked small or large).
 * A cap on n keeps that exactness; only the half-width may then exceed h.
 * Immutable.
 */
public final class SteinTwoStage {
    public static final String METHOD = "Stein (1945) two-stage: pilot of n0 blocks gives s0; total n ="
            + " max(n0, ceil((t_{n0-1} * s0 / h)^2)); interval = mean of all n -/+ t_{n0-1} * s0 / sqrt(n)";

    private final double[] pilot;
    private final double pilotSd;
    private final double confidence;
    private final double criticalT;
    private final int totalBlocks;

    private SteinTwoStage(final double[] pilot, final double targetHalfWidth, final double confidence,
                          final int maxBlocks) {
        if (pilot.length < 2) {
            throw new IllegalArgumentException("the pilot needs at least 2 blocks: " + pilot.length);
        }
        if (!(targetHalfWidth > 0)) {
            throw new IllegalArgumentException("target half-width must be positive: " + targetHalfWidth);
        }
        if (maxBlocks < pilot.length) {
            throw new IllegalArgumentException("max blocks " + maxBlocks + " < pilot blocks " + pilot.length);
        }
        this.pilot = pilot.clone();
        this.pilotSd = Math.sqrt(StatUtils.variance(pilot));
        if (!Double.isFinite(pilotSd)) {
            throw new IllegalArgumentException("the pilot's sd is not finite: " + pilotSd);
        }
        this.confidence = confidence;
        this.criticalT = PairedBlocks.criticalT(pilot.length - 1, confidence);
        final double ratio = criticalT * pilotSd / targetHalfWidth;
        final double required = Math.ceil(ratio * ratio);
        this.totalBlocks = (int) Math.max(pilot.length, Math.min(required, maxBlocks));
    }

    /** The plan, running at most {@code maxBlocks} blocks in all (pilot included). */
    public static SteinTwoStage plan(final double[] pilotBlockValues, final double targetHalfWidth,
                                     final double confidence, final int maxBlocks) {
        return new SteinTwoStage(pilotBlockValues, targetHalfWidth, confidence, maxBlocks);
    }

    public int pilotBlocks() {
        return pilot.length;
    }

    /** s0, the sample sd of the pilot's block values. */
    public double pilotSd() {
        return pilotSd;
    }

    /** Blocks to run in all, pilot included: the required number, or the cap if that is smaller. */
    public int totalBlocks() {
        return totalBlocks;
    }

    /**
     * The final interval from all block values, the pilot's first (in the same order) and then those of the second
     * stage: their mean -/+ {@code t_{n0-1} * s0 / sqrt(n)}. Normally n is {@link #totalBlocks()}; any n not chosen
     * by looking at the second stage's values keeps the coverage (a run cut short by a crash gets an honest, wider
     * interval; one stopped because the answer looked good does not).
     */
    public Interval interval(final double[] allBlockValues) {
        checkPilotFirst(allBlockValues);
        final double halfWidth = criticalT * pilotSd / Math.sqrt(allBlockValues.length);
        return Interval.around(StatUtils.mean(allBlockValues), halfWidth, confidence);
    }

    /**
     * Two-sided p-value of "no difference" from Stein's own statistic, {@code mean * sqrt(n) / s0} with n0 - 1 df:
     * the test that matches {@link #interval} (0 lies outside the interval exactly when p < 1 - confidence). NaN
     * when the pilot has no spread and the mean is 0; 0 when it has no spread and the mean is not 0.
     */
    public double pValue(final double[] allBlockValues) {
        checkPilotFirst(allBlockValues);
        final double mean = StatUtils.mean(allBlockValues);
        if (pilotSd == 0) {
            return mean == 0 ? Double.NaN : 0;
        }
        final double t = Math.abs(mean) * Math.sqrt(allBlockValues.length) / pilotSd;
        return 2 * new TDistribution(null, pilot.length - 1).cumulativeProbability(-t); // null: no sampler
    }

    private void checkPilotFirst(final double[] allBlockValues) {
        if (allBlockValues.length < pilot.length) {
            throw new IllegalArgumentException(allBlockValues.length + " block values, fewer than the pilot's "
                    + pilot.length);
        }
        for (int i = 0; i < pilot.length; i++) {
            if (Double.compare(allBlockValues[i], pilot[i]) != 0) {
                throw new IllegalArgumentException("block value " + i + " is not the pilot's: the pilot must come"
                        + " first, unchanged");
            }
        }
    }
}
