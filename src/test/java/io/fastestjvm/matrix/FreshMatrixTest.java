package io.fastestjvm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.matrix.FreshMatrix.MatrixArguments;
import io.fastestjvm.matrix.FreshMatrix.MatrixQueues;

/**
 * The arguments as typed: every option read, the plan's options noted in order, a bad one refused in one line. The
 * fresh matrix deletes a queue left in its private root only when the benchmark itself would not keep it: the
 * setting's own parsing decides, not a text match.
 */
class FreshMatrixTest {
    @Test
    void readsEveryOptionAndNotesThePlansOptionsInOrder() throws MatrixRefusal {
        final MatrixArguments given = MatrixArguments.parse(Arrays.asList("--no-build", "--profiles", "jdk8,jdk17",
                "--flags", "default,tuned", "--runs", "3", "--seed", "42", "--max-minutes", "5", "-Dqp.seconds=3",
                "--dry-run", "--results", "/tmp/r"), "jdk8,jdk17");
        assertEquals(Arrays.asList("jdk8", "jdk17"), given.profiles);
        assertEquals(Arrays.asList("default", "tuned"), given.flagSets);
        assertEquals("3", given.value("--runs"));
        assertEquals("42", given.value("--seed"));
        assertEquals("5", given.value("--max-minutes"));
        assertEquals("/tmp/r", given.value("--results"));
        assertTrue(given.dryRun);
        assertNull(given.value("--resume"));
        assertEquals(Arrays.asList("-Dqp.seconds=3"), given.qpSettings);
        assertEquals(Arrays.asList("--profiles", "--flags", "--runs", "--seed", "-Dqp.seconds", "--dry-run"),
                given.planOptions);
        assertEquals("--no-build --profiles jdk8,jdk17 --flags default,tuned --runs 3 --seed 42 --max-minutes 5"
                + " -Dqp.seconds=3 --dry-run --results /tmp/r", given.typed);
    }

    @Test
    void anUnknownArgumentOrAMissingValueIsOneLine() {
        assertEquals("unknown argument '--blocks'; " + MatrixArguments.ACCEPTED, assertThrows(MatrixRefusal.class,
                () -> MatrixArguments.parse(Arrays.asList("--blocks", "4"), "jdk17")).getMessage());
        assertEquals("unknown argument '-Dqp.seconds'; " + MatrixArguments.ACCEPTED, assertThrows(
                MatrixRefusal.class, () -> MatrixArguments.parse(Arrays.asList("-Dqp.seconds"), "jdk17")).getMessage());
        assertEquals("--seed needs a value", assertThrows(MatrixRefusal.class,
                () -> MatrixArguments.parse(Arrays.asList("--seed"), "jdk17")).getMessage());
        assertEquals("--resume needs the id of a set to continue", assertThrows(MatrixRefusal.class,
                () -> MatrixArguments.parse(Arrays.asList("--resume"), "jdk17")).getMessage());
        assertEquals("--profiles needs a comma-separated list; accepted: jdk8,jdk17", assertThrows(
                MatrixRefusal.class, () -> MatrixArguments.parse(Arrays.asList("--profiles"), "jdk8,jdk17"))
                .getMessage());
    }

    @Test
    void anyCaseAndSurroundingSpacesKeepTheQueueAsTheRunWould() {
        for (final String value : Arrays.asList("true", "TRUE", "True", " true ", "\ttRuE")) {
            assertTrue(MatrixQueues.keepsQueue(Collections.singletonList("-Dqp.keepQueue=" + value)), value);
        }
        for (final String value : Arrays.asList("false", "FALSE", " False ")) {
            assertFalse(MatrixQueues.keepsQueue(Collections.singletonList("-Dqp.keepQueue=" + value)), value);
        }
    }

    @Test
    void unsetMeansTheDefaultAndTheLastOneGivenWins() {
        assertFalse(MatrixQueues.keepsQueue(Arrays.asList("-Dqp.seconds=3", "-Dqp.queueDir=/tmp/q")));
        assertTrue(MatrixQueues.keepsQueue(Arrays.asList("-Dqp.keepQueue=false", "-Dqp.keepQueue=TRUE")));
        assertFalse(MatrixQueues.keepsQueue(Arrays.asList("-Dqp.keepQueue=true", "-Dqp.keepQueue=false")));
        // another setting's name that merely starts the same is not this one
        assertFalse(MatrixQueues.keepsQueue(Collections.singletonList("-Dqp.keepQueueX=true")));
    }

    @Test
    void aValueTheRunWouldRefuseIsRefusedHereToo() {
        assertThrows(InvalidSettingException.class,
                () -> MatrixQueues.keepsQueue(Collections.singletonList("-Dqp.keepQueue=yes")));
    }
}
