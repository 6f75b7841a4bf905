package io.fastestjvm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;

import org.junit.jupiter.api.Test;

/**
 * The fresh matrix deletes a queue left in its private root only when the benchmark itself would not keep it: the
 * setting's own parsing decides, not a text match.
 */
class KeepQueueDecisionTest {
    @Test
    void anyCaseAndSurroundingSpacesKeepTheQueueAsTheRunWould() throws MatrixRefusal {
        for (final String value : Arrays.asList("true", "TRUE", "True", " true ", "\ttRuE")) {
            assertTrue(MatrixQueues.keepsQueue(Collections.singletonList("-Dqp.keepQueue=" + value)), value);
        }
        for (final String value : Arrays.asList("false", "FALSE", " False ")) {
            assertFalse(MatrixQueues.keepsQueue(Collections.singletonList("-Dqp.keepQueue=" + value)), value);
        }
    }

    @Test
    void unsetMeansTheDefaultAndTheLastOneGivenWins() throws MatrixRefusal {
        assertFalse(MatrixQueues.keepsQueue(Arrays.asList("-Dqp.seconds=3", "-Dqp.queueDir=/tmp/q")));
        assertTrue(MatrixQueues.keepsQueue(Arrays.asList("-Dqp.keepQueue=false", "-Dqp.keepQueue=TRUE")));
        assertFalse(MatrixQueues.keepsQueue(Arrays.asList("-Dqp.keepQueue=true", "-Dqp.keepQueue=false")));
        // another setting's name that merely starts the same is not this one
        assertFalse(MatrixQueues.keepsQueue(Collections.singletonList("-Dqp.keepQueueX=true")));
    }

    @Test
    void aValueTheRunWouldRefuseIsRefusedHereToo() {
        assertThrows(MatrixRefusal.class,
                () -> MatrixQueues.keepsQueue(Collections.singletonList("-Dqp.keepQueue=yes")));
    }
}
