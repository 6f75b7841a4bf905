package io.fastestjvm.config;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** Every command's usage question: --help or -h, alone. */
class HelpFlagTest {
    @Test
    void helpOrHAloneAskForTheUsage() {
        assertTrue(HelpFlag.asked("--help"));
        assertTrue(HelpFlag.asked("-h"));
        assertTrue(HelpFlag.asked(Arrays.asList("--help")));
    }

    @Test
    void anythingElseIsNotAQuestion() {
        assertFalse(HelpFlag.asked());
        assertFalse(HelpFlag.asked("--help", "results"), "with other arguments it is bad input, not help");
        assertFalse(HelpFlag.asked("help"));
        assertFalse(HelpFlag.asked("--HELP"));
        assertFalse(HelpFlag.asked(Arrays.asList("-h", "-h")));
    }
}
