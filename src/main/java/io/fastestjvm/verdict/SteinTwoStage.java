package io.fastestjvm.verdict;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Stein's two-stage procedure (Annals of Mathematical Statistics 16, 1945): a pilot's block sd s0 fixes how many
 * blocks to run. The interval keeps the pilot's sd and df, which keeps its coverage exact: re-estimating the sd
 * from all blocks would bias it, as their number was chosen from s0.
 */
public final class SteinTwoStage {
    private final double[] pilot;
    private final double pilotSd;
    private final double confidence;
    private final double criticalT;
    private final int totalBlocks;

    /** The plan from the pilot's block values, running at most {@code maxBlocks} blocks in all (pilot included). */
    public SteinTwoStage(final double[] pilot, final double targetHalfWidth, final double confidence,
                         final int maxBlocks) {
        if (pilot.length < 2) {
            throw new IllegalArgumentException("the pilot needs at least 2 blocks: " + pilot.length);
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

    /** The interval from all block values, pilot first; an n chosen from the second stage's values breaks it. */
    public Interval interval(final double[] allBlockValues) {
        checkPilotFirst(allBlockValues);
        final double halfWidth = criticalT * pilotSd / Math.sqrt(allBlockValues.length);
        return Interval.around(StatUtils.mean(allBlockValues), halfWidth, confidence);
    }

    /** The p-value of Stein's statistic, matching {@link #interval}; without pilot spread NaN at mean 0, else 0. */
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
