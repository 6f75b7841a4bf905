package io.fastestjvm.slice;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.ComparisonOptions;

class SliceScheduleTest {
    private static ComparisonOptions options(final String... pairs) {
        final Properties properties = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            properties.setProperty(pairs[i], pairs[i + 1]);
        }
        return ComparisonOptions.fromProperties(properties);
    }

    /** A warm-up as SliceChild runs it, every slice quiet: fast slices, then paced ones until steady. */
    private static int warmUp(final SliceSchedule schedule, final int fastSlices, final int bound) {
        for (int i = 0; i < fastSlices; i++) {
            assertEquals(0, schedule.fastWarmupQueue(), "the fast stage writes queue 0");
        }
        schedule.startPacedWarmup(bound);
        int paced = 0;
        while (paced < bound && !schedule.steady()) {
            schedule.pacedWarmupSliceDone(schedule.pacedWarmupQueue(), 0, 0);
            paced++;
        }
        return paced;
    }

    private static int[] measured(final SliceSchedule schedule, final int count) {
        final int[] queues = new int[count];
        for (int i = 0; i < count; i++) {
            queues[i] = schedule.measuredQueue();
        }
        return queues;
    }

    @Test
    void turnsSendSliceNThroughQueueNModKCountingEverySliceOfTheJvm() {
        final SliceSchedule schedule = new SliceSchedule(
                options("qp.compare.queues", "3", "qp.compare.queueOrder", "turns"), 1);
        final int paced = warmUp(schedule, 2, 90);
        assertEquals(SliceSchedule.MIN_WARMUP_SLICES, paced, "3 queues had their quiet slice long before");
        final int[] expected = new int[7];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = (2 + paced + i) % 3;
        }
        assertArrayEquals(expected, measured(schedule, 7));
    }

    @Test
    void aSingleQueueKeepsTheWarmUpAtItsMinimum() {
        final SliceSchedule schedule = new SliceSchedule(options("qp.compare.queues", "1"), 1);
        assertEquals(SliceSchedule.MIN_WARMUP_SLICES, warmUp(schedule, 4, 90));
        assertArrayEquals(new int[] {0, 0, 0}, measured(schedule, 3));
    }

    @Test
    void everyQueueIsWarmedInBeforeTheWarmUpCanEnd() {
        final SliceSchedule schedule = new SliceSchedule(options("qp.compare.queues", "4",
                "qp.compare.queueOrder", "random", "qp.steadySeconds", "5"), 7);
        for (int i = 0; i < 3; i++) {
            schedule.fastWarmupQueue();
        }
        schedule.startPacedWarmup(90);
        final int[] queues = new int[16];
        for (int paced = 0; paced < 16; paced++) {
            queues[paced] = schedule.pacedWarmupQueue();
            // the first 9 compiled; then one queue stays noisy
            final boolean noisy = paced < 9 || queues[paced] == queues[9];
            schedule.pacedWarmupSliceDone(queues[paced], noisy ? 2 : 0, 0);
        }
        assertArrayEquals(new int[] {3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2}, queues,
                "warm-up slices take turns after the 3 fast ones, whatever the order of the measured ones");
        assertFalse(schedule.everyQueueWarmed(), "queue 0 never had a quiet slice");
        assertFalse(schedule.steady());
        for (int i = 0; i < 3; i++) {
            schedule.pacedWarmupSliceDone(schedule.pacedWarmupQueue(), 0, 0);
            assertEquals(i == 2, schedule.steady(), "slices 14-18 quiet, queue 0's at 17: slice " + (16 + i));
        }
        assertTrue(schedule.everyQueueWarmed());
        schedule.pacedWarmupSliceDone(schedule.pacedWarmupQueue(), 0, 8);
        assertFalse(schedule.steady(), "a slice that allocated breaks the stretch: the rule holds, or not, now");
    }

    @Test
    void theWarmUpHasItsMinimumAndARecompilationStartsTheStretchAgain() {
        final SliceSchedule schedule = new SliceSchedule(options("qp.steadySeconds", "2"), 1);
        schedule.fastWarmupQueue();
        assertEquals(SliceSchedule.MIN_WARMUP_SLICES, warmUp(schedule, 0, 90), "2 quiet in a row, but the minimum");
        schedule.startPacedWarmup(90);
        assertFalse(schedule.steady());
        schedule.pacedWarmupSliceDone(schedule.pacedWarmupQueue(), 0, 0);
        assertFalse(schedule.steady());
    }

    @Test
    void randomDrawsCoverEveryQueueAndRepeatForTheSameSeed() {
        final ComparisonOptions random = options("qp.compare.queues", "5", "qp.compare.queueOrder", "random");
        final SliceSchedule first = new SliceSchedule(random, 42);
        final SliceSchedule again = new SliceSchedule(random, 42);
        final SliceSchedule other = new SliceSchedule(random, 43);
        assertEquals(SliceSchedule.MIN_WARMUP_SLICES, warmUp(first, 1, 90));
        assertEquals(SliceSchedule.MIN_WARMUP_SLICES, warmUp(again, 1, 90));
        warmUp(other, 1, 90);
        final int[] draws = measured(first, 200);
        assertArrayEquals(draws, measured(again, 200), "one seed, one sequence");
        assertFalse(Arrays.equals(draws, measured(other, 200)), "another seed, another sequence");
        final int[] count = new int[5];
        int repeats = 0;
        for (int i = 0; i < draws.length; i++) {
            count[draws[i]]++;
            repeats += i > 0 && draws[i] == draws[i - 1] ? 1 : 0;
        }
        for (int queue = 0; queue < count.length; queue++) {
            assertTrue(count[queue] >= 20, "queue " + queue + " drawn " + count[queue] + " times in 200");
        }
        assertTrue(repeats > 10, "draws, not turns: a queue follows itself about 1 time in 5, here " + repeats);
    }

    @Test
    void renewalComesBeforeEveryNthSliceOfTheWarmUpAndOfTheMeasurement() {
        final SliceSchedule schedule = new SliceSchedule(options("qp.compare.renewEvery", "3"), 1);
        schedule.fastWarmupQueue();
        final StringBuilder warmUp = new StringBuilder();
        for (int paced = 0; paced < 7; paced++) {
            warmUp.append(schedule.renewsBeforePacedWarmup() ? 'R' : '.');
            assertEquals(schedule.renewsBeforePacedWarmup(), schedule.renewsBeforePacedWarmup(), "asking is free");
            schedule.pacedWarmupQueue();
        }
        assertEquals("R..R..R", warmUp.toString());
        final StringBuilder measured = new StringBuilder();
        for (int slice = 0; slice < 8; slice++) {
            measured.append(schedule.renewsBeforeMeasured() ? 'R' : '.');
            schedule.measuredQueue();
        }
        assertEquals("R..R..R.", measured.toString(), "counted from the first measured slice, whatever the warm-up");
        final SliceSchedule everySlice = new SliceSchedule(options("qp.compare.renewEvery", "1"), 1);
        final SliceSchedule never = new SliceSchedule(options("qp.compare.renewEvery", "0"), 1);
        for (int slice = 0; slice < 5; slice++) {
            assertTrue(everySlice.renewsBeforePacedWarmup() && everySlice.renewsBeforeMeasured());
            assertFalse(never.renewsBeforePacedWarmup() || never.renewsBeforeMeasured());
            everySlice.pacedWarmupQueue();
            everySlice.measuredQueue();
            never.pacedWarmupQueue();
            never.measuredQueue();
        }
    }

    @Test
    void theSeedIsTheSettingsOrTheClocks() {
        assertEquals(99, SliceSchedule.seed(options("qp.compare.queueSeed", "99")));
        final long clock = SliceSchedule.seed(options());
        assertTrue(clock >= 0);
        assertNotEquals(0, clock);
    }
}
