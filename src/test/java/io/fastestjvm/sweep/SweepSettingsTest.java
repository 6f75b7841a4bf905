package io.fastestjvm.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.InvalidSettingException;

class SweepSettingsTest {
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
