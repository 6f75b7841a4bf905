package io.fastestjvm.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class WarmupCollectionsTest {
    @Test
    void eachCollectionIsRecordedWithWhatTheJvmDid() {
        final WarmupCollections collections = new WarmupCollections(true);
        collections.collectBefore(1);
        collections.collectBefore(21);
        final List<Map<String, Object>> done = collections.toList();
        assertEquals(2, done.size(), done.toString());
        assertEquals(1L, done.get(0).get("beforeWarmupSecond"));
        assertEquals(21L, done.get(1).get("beforeWarmupSecond"));
        for (final Map<String, Object> collection : done) {
            // the test JVM runs G1 without -XX:+DisableExplicitGC: System.gc() is one full collection
            assertTrue((long) collection.get("collections") >= 1, collection.toString());
            assertTrue((long) collection.get("wallMicros") > 0, collection.toString());
        }
        final String line = collections.describe();
        assertTrue(line.startsWith("warm-up GCs (System.gc(), qp.warmupGc): before warm-up second 1, "), line);
        assertTrue(line.contains("; before warm-up second 21, "), line);
    }

    @Test
    void aCollectionTheJvmSkippedIsAskedForAgain() {
        final long[] count = {10};
        final int[] calls = {0};
        // the first System.gc() is skipped (as under the GC locker), the second collects
        final WarmupCollections collections = new WarmupCollections(true, () -> count[0] += calls[0]++ == 0 ? 0 : 1,
                () -> count[0]);
        collections.collectBefore(1);
        final Map<String, Object> collection = collections.toList().get(0);
        assertEquals(1L, collection.get("collections"), collection.toString());
        assertEquals(2, collection.get("attempts"), collection.toString());
    }

    @Test
    void aJvmThatNeverCollectsIsAskedABoundedNumberOfTimesAndRecordedAsZero() {
        final int[] calls = {0};
        final WarmupCollections collections = new WarmupCollections(true, () -> calls[0]++, () -> 10);
        collections.collectBefore(1);
        final Map<String, Object> collection = collections.toList().get(0);
        assertEquals(0L, collection.get("collections"), collection.toString());
        assertEquals(WarmupCollections.MAX_ATTEMPTS, collection.get("attempts"), collection.toString());
        assertEquals(WarmupCollections.MAX_ATTEMPTS, calls[0]);
    }

    @Test
    void switchedOffItCollectsNothingAndSaysSo() {
        final WarmupCollections collections = new WarmupCollections(false);
        collections.collectBefore(1);
        assertEquals(0, collections.toList().size());
        assertEquals("warm-up GCs: none (qp.warmupGc=false)", collections.describe());
    }
}
