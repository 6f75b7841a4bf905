package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** A block's start order: the first-started JVM was faster, so the first place rotates over the blocks. */
class BlockRunnerTest {
    private static final List<String> VARIANTS = Arrays.asList("a", "b", "c", "d");

    @Test
    void overKBlocksEveryVariantStartsFirstOnce() {
        for (int offset = 0; offset < VARIANTS.size(); offset++) {
            final Random random = new Random(offset);
            for (int from = 1; from <= 3; from++) { // any k blocks in a row, not only the first k
                final List<String> firsts = new ArrayList<>();
                for (int block = from; block < from + VARIANTS.size(); block++) {
                    firsts.add(BlockRunner.startOrder(VARIANTS, block, offset, random).get(0));
                }
                assertEquals(new HashSet<>(VARIANTS), new HashSet<>(firsts), "offset " + offset + ": " + firsts);
            }
        }
    }

    @Test
    void theFirstIsTheBlocksTurnAndTheRestAreEveryOtherVariantOnce() {
        final List<String> order = BlockRunner.startOrder(VARIANTS, 6, 1, new Random(7));
        assertEquals("c", order.get(0), "(6 - 1 + 1) mod 4 = 2");
        assertEquals(new HashSet<>(VARIANTS), new HashSet<>(order));
        assertEquals(VARIANTS.size(), order.size());
        assertEquals(Arrays.asList("a", "b", "c", "d"), VARIANTS, "the plan's list is left as it was");
    }

    @Test
    void theSameSeedGivesTheSameOrderAndTheRestAreNotAlwaysInListOrder() {
        final List<List<String>> orders = new ArrayList<>();
        final Random one = new Random(42);
        final Random two = new Random(42);
        for (int block = 1; block <= 20; block++) {
            final List<String> order = BlockRunner.startOrder(VARIANTS, block, 0, one);
            assertEquals(order, BlockRunner.startOrder(VARIANTS, block, 0, two));
            orders.add(order.subList(1, order.size()));
        }
        assertTrue(new HashSet<>(orders).size() > VARIANTS.size(),
                "the rest are shuffled, not only rotated: " + orders);
    }
}
