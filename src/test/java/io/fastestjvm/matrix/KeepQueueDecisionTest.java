package io.fastestjvm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.results.model.SummaryTool;

/**
 * run-matrix.sh asks SummaryTool keep-queue whether the runs keep their queues, so the script deletes a queue only
 * when the benchmark itself would not keep it: the setting's own parsing decides, not the script's text match.
 */
class KeepQueueDecisionTest {
    @Test
    void anyCaseAndSurroundingSpacesKeepTheQueueAsTheRunWould() {
        for (final String value : Arrays.asList("true", "TRUE", "True", " true ", "\ttRuE")) {
            assertTrue(SummaryTool.keepsQueue(Collections.singletonList("-Dqp.keepQueue=" + value)), value);
        }
        for (final String value : Arrays.asList("false", "FALSE", " False ")) {
            assertFalse(SummaryTool.keepsQueue(Collections.singletonList("-Dqp.keepQueue=" + value)), value);
        }
    }

    @Test
    void unsetMeansTheDefaultAndTheLastOneGivenWins() {
        assertFalse(SummaryTool.keepsQueue(Arrays.asList("-Dqp.seconds=3", "-Dqp.queueDir=/tmp/q")));
        assertTrue(SummaryTool.keepsQueue(Arrays.asList("-Dqp.keepQueue=false", "-Dqp.keepQueue=TRUE")));
        assertFalse(SummaryTool.keepsQueue(Arrays.asList("-Dqp.keepQueue=true", "-Dqp.keepQueue=false")));
        // another setting's name that merely starts the same is not this one
        assertFalse(SummaryTool.keepsQueue(Collections.singletonList("-Dqp.keepQueueX=true")));
    }

    @Test
    void aValueTheRunWouldRefuseIsRefusedHereToo() {
        assertThrows(InvalidSettingException.class,
                () -> SummaryTool.keepsQueue(Collections.singletonList("-Dqp.keepQueue=yes")));
    }
}
