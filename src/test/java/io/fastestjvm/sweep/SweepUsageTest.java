package io.fastestjvm.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The sweep's settings are properties: no argument runs it, --help prints its usage, anything else is refused. */
class SweepUsageTest {
    @Test
    void helpPrintsEverySweepSettingAndAnythingElseIsBadInput() throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream o = new PrintStream(out, true, "UTF-8");
        final PrintStream e = new PrintStream(err, true, "UTF-8");
        assertEquals(-1, Sweep.usage(new String[0], o, e), "no arguments: the sweep runs");
        assertEquals(0, Sweep.usage(new String[] {"--help"}, o, e));
        final String usage = new String(out.toByteArray(), StandardCharsets.UTF_8);
        for (final String setting : SweepSettings.NAMES) {
            assertTrue(usage.contains(setting.substring("sweep.".length())), setting + " in " + usage);
        }
        assertEquals(2, Sweep.usage(new String[] {"--rate", "5"}, o, e));
        assertEquals("error: unknown arguments [--rate, 5]; " + Sweep.USAGE + "\n",
                new String(err.toByteArray(), StandardCharsets.UTF_8));
    }
}
