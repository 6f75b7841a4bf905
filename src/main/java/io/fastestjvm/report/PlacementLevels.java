package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.DoubleStream;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.placement.PlacementProbe;
import io.fastestjvm.results.model.RunResults;

/**
 * Sorts runs into placement levels by the probe's core-to-core round trip before and after the window: on a VM the
 * vCPUs' placement moves every figure between levels (docs/level-shifts-and-tails.md). Sorted round trips are cut
 * where one exceeds {@link #GAP_FACTOR} times the one before; a run whose probes differ in level belongs to none.
 */
public final class PlacementLevels {
    public static final double GAP_FACTOR = 1.5;
    /** {@link #levelOf}: the run has no probe. */
    public static final int NO_PROBE = -1;
    /** {@link #levelOf}: the probes before and after the window fall in different levels. */
    public static final int CHANGED_DURING_WINDOW = -2;

    /** Each level's lowest and highest round trip (inclusive), ascending. */
    private final List<double[]> bounds = new ArrayList<>();

    public PlacementLevels(final List<RunResults> runs) {
        final double[] trips = runs.stream().flatMapToDouble(run -> DoubleStream.of(roundTrip(run,
                PlacementProbe.BEFORE_KEY), roundTrip(run, PlacementProbe.AFTER_KEY))).filter(v -> !Double.isNaN(v))
                .sorted().toArray();
        for (final double trip : trips) {
            if (bounds.isEmpty() || trip > bounds.get(bounds.size() - 1)[1] * GAP_FACTOR) {
                bounds.add(new double[] {trip, trip});
            }
            bounds.get(bounds.size() - 1)[1] = trip;
        }
    }

    /** The probe's median round trip at {@code position} (before or after the window), ns; NaN when none. */
    static double roundTrip(final RunResults run, final String position) {
        final JsonNode value = run.section(PlacementProbe.SECTION).path(position)
                .path(PlacementProbe.MEDIAN_ROUND_TRIP_KEY);
        return value.isNumber() && value.asDouble() > 0 ? value.asDouble() : Double.NaN;
    }

    public int count() {
        return bounds.size();
    }

    /** 0 = shortest round trip, by the probe before; {@link #CHANGED_DURING_WINDOW}, or {@link #NO_PROBE}. */
    public int levelOf(final RunResults run) {
        final double before = roundTrip(run, PlacementProbe.BEFORE_KEY);
        if (Double.isNaN(before)) {
            return NO_PROBE;
        }
        final double after = roundTrip(run, PlacementProbe.AFTER_KEY);
        final int level = levelOf(before);
        return Double.isNaN(after) || levelOf(after) == level ? level : CHANGED_DURING_WINDOW;
    }

    private int levelOf(final double trip) {
        for (int level = 0; level < bounds.size(); level++) {
            if (trip <= bounds.get(level)[1]) {
                return level;
            }
        }
        return bounds.size() - 1;
    }

    /** E.g. "level 1 (round trip 160-200 ns)". */
    public String name(final int level) {
        return String.format(Locale.ROOT, "level %d (round trip %.0f-%.0f ns)", level + 1, bounds.get(level)[0],
                bounds.get(level)[1]);
    }
}
