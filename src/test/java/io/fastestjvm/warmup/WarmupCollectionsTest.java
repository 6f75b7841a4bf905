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
    void switchedOffItCollectsNothingAndSaysSo() {
        final WarmupCollections collections = new WarmupCollections(false);
        collections.collectBefore(1);
        assertEquals(0, collections.toList().size());
        assertEquals("warm-up GCs: none (qp.warmupGc=false)", collections.describe());
    }
}
