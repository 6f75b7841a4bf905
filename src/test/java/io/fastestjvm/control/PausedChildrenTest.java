package io.fastestjvm.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading /proc/PID/stat lines whose command name holds spaces and parentheses. */
class PausedChildrenTest {
    @Test
    void stateAndParentAreReadPastTheLastParenthesis() {
        final String stopped = "4242 (java (x) T 1) T 1 4242 4242 0 -1 4194560 100 0 0 0";
        assertTrue(PausedChildren.stopped(stopped));
        assertEquals(1, PausedChildren.parent(stopped));
        final String running = "4243 (T 7) S 977 4243 4243 0 -1 4194560 100 0 0 0";
        assertFalse(PausedChildren.stopped(running), "a T inside the name is not the state");
        assertEquals(977, PausedChildren.parent(running));
    }
}
