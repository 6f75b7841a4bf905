package io.fastestjvm.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.sweep.Sweep.SweepSettings;

/**
 * The sweep's settings are properties: no argument runs it, --help prints its usage, anything else is refused; a bad
 * setting is one line.
 */
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

    private static String refusal(final String name, final String value) {
        final Properties properties = new Properties();
        properties.setProperty(name, value);
        return assertThrows(InvalidSettingException.class, () -> new SweepSettings(properties)).getMessage();
    }

    @Test
    void readsNumbersAndRisingLists() {
        final Properties properties = new Properties();
        properties.setProperty(SweepSettings.SECONDS, " 3 ");
        properties.setProperty(SweepSettings.RATES, "1_000, 2000");
        final SweepSettings settings = new SweepSettings(properties);
        assertEquals(3, settings.seconds);
        assertArrayEquals(new long[] {1000, 2000}, settings.steps());
        assertEquals("1_000, 2000", settings.effective.get(SweepSettings.RATES));
    }

    @Test
    void refusesABadValueInOneLine() {
        assertEquals("sweep.seconds: \"two\" is not a whole number; accepted: 1 to 3600 measured seconds per point",
                refusal(SweepSettings.SECONDS, "two"));
        assertEquals("sweep.seconds: 0 is out of range; accepted: 1 to 3600 measured seconds per point",
                refusal(SweepSettings.SECONDS, "0"));
        assertEquals("sweep.sizes: \"x\" is not a whole number; accepted: rising byte sizes, comma-separated, each"
                + " 32 (the header) to " + io.fastestjvm.config.Settings.MAX_SIZE, refusal(SweepSettings.SIZES, "64, x"));
        assertEquals("sweep.rates: 10 does not rise above the value before it",
                refusal(SweepSettings.RATES, "20,10").split(";")[0]);
        assertEquals("sweep.kinds: unknown setting", refusal("sweep.kinds", "rate").split(";")[0]);
    }
}
