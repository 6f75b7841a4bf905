package io.fastestjvm.compare;

import static io.fastestjvm.compare.ComparisonReport.fmt;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.math3.stat.StatUtils;

import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.BlocksPair;

/** What a running comparison says after each block, one line per pair: its p50 so far and the blocks left. */
final class ComparisonProgress {
    private ComparisonProgress() {
    }

    /** After {@code block}, aiming at {@code target}; {@code capSeconds} left before no block may start. */
    static List<String> lines(final ComparisonAnalysis analysis, final int block, final int target,
                              final double[] blockSeconds, final double capSeconds) {
        final List<String> lines = new ArrayList<>();
        final String rest = rest(analysis, block, target, blockSeconds, capSeconds);
        for (final String[] pair : analysis.pairs()) {
            final BlocksPair p50 = analysis.figure(pair[0], pair[1], BlocksPair.P50);
            lines.add("[qp] after block " + block + " of " + target + ": " + pair[0] + " / " + pair[1] + " "
                    + (p50 == null ? "no counted block yet" : sofar(p50)) + "; " + rest);
        }
        return lines;
    }

    private static String sofar(final BlocksPair p50) {
        final Interval interval = p50.ratioInterval();
        if (interval == null) {
            return fmt("p50 %.3f, interval from %d blocks", p50.ratio(), p50.minBlocks());
        }
        return fmt("p50 %.3f (%.3f-%.3f), ", p50.ratio(), interval.lower(), interval.upper())
                + (p50.separable() ? p50.verdict() + " so far" : p50.verdict() + " yet");
    }

    private static String rest(final ComparisonAnalysis analysis, final int block, final int target,
                               final double[] blockSeconds, final double capSeconds) {
        final int toGo = Math.max(0, target - block);
        final boolean pilot = analysis.stop != null && !steinHasSpoken(analysis);
        if (toGo == 0) {
            return "done";
        }
        final double perBlock = StatUtils.percentile(blockSeconds, 50); // the median
        final double beforeCap = Math.ceil(Math.max(0, capSeconds) / perBlock); // blocks that can still start
        final int startable = (int) Math.min(toGo, beforeCap);
        if (startable == 0) {
            return "the time cap is reached: done";
        }
        if (analysis.medianStop != null && block >= analysis.medianStop.leastBlocks) {
            final int most = analysis.medianStop.mostBlocks - block;
            return "one more block (the median rule, +/-" + analysis.medianStop.targetPercent + " % not reached yet)"
                    + (beforeCap < most ? fmt(", at most %.0f more before the time cap", beforeCap)
                    : ", at most " + most + " more");
        }
        final String blocks = toGo + (toGo == 1 ? " block" : " blocks") + (pilot ? " of the pilot, then Stein's rule"
                : "") + (startable < toGo ? ", " + startable + " before the time cap" : "");
        final double minutes = startable * perBlock / 60;
        return blocks + (minutes < 1 ? ", under a minute" : fmt(", about %.0f min", minutes))
                + (pilot ? " to the pilot's end" : " to go");
    }

    /** Whether every pair's p50 carries Stein's plan, so the blocks to run are the rule's. */
    private static boolean steinHasSpoken(final ComparisonAnalysis analysis) {
        final List<BlocksPair> p50s = analysis.family(true);
        return !p50s.isEmpty() && p50s.stream().allMatch(figure -> figure.stein != null);
    }
}
