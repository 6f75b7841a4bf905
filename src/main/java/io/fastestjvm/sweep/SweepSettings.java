package io.fastestjvm.sweep;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Setting;
import io.fastestjvm.config.Settings;

/** The {@code sweep.*} settings, checked up front: a bad one is one {@link InvalidSettingException} line. */
final class SweepSettings {
    static final String KIND = "sweep.kind";
    static final String OUT = "sweep.out";
    static final String SECONDS = "sweep.seconds";
    static final String WARMUP_SECONDS = "sweep.warmupSeconds";
    static final String JVM_WARMUP_SECONDS = "sweep.jvmWarmupSeconds";
    static final String RATES = "sweep.rates";
    static final String SIZES = "sweep.sizes";
    static final List<String> NAMES = Collections.unmodifiableList(Arrays.asList(
            KIND, OUT, SECONDS, WARMUP_SECONDS, JVM_WARMUP_SECONDS, RATES, SIZES));

    /** 10k to 1M as asked, then on up to qp.rate's ceiling; the sweep stops at the first rate not sustained. */
    static final String DEFAULT_RATES = "10000,20000,50000,100000,200000,500000,1000000,2000000,5000000,"
            + "10000000,20000000," + Settings.MAX_RATE;
    /** Chronicle's SingleWriter benchmark swept 16 to 4096; 32 is our header, the smallest message we can send. */
    static final String DEFAULT_SIZES = "32,64,128,256,512,1024,2048,4096";

    final String kind;
    final File out;
    final int seconds;
    final int warmupSeconds;
    final int jvmWarmupSeconds;
    final long[] rates;
    final long[] sizes;
    final Map<String, String> effective = new LinkedHashMap<>();

    SweepSettings(final Properties properties) {
        for (final String name : properties.stringPropertyNames()) {
            if (name.startsWith("sweep.") && !NAMES.contains(name)) {
                throw new InvalidSettingException(name, "unknown setting", "one of " + String.join(", ", NAMES));
            }
        }
        kind = value(properties, KIND, "rate");
        if (!kind.equals("rate") && !kind.equals("size")) {
            throw new InvalidSettingException(KIND, "\"" + kind + "\" is not a sweep kind", "rate or size");
        }
        out = new File(value(properties, OUT, "results" + File.separator + "sweep-" + kind));
        seconds = (int) number(properties, SECONDS, "2", 1, 3600, "1 to 3600 measured seconds per point");
        warmupSeconds = (int) number(properties, WARMUP_SECONDS, "2", 0, 3600,
                "0 to 3600 warm-up seconds per point");
        jvmWarmupSeconds = (int) number(properties, JVM_WARMUP_SECONDS, "10", 0, 3600,
                "0 (none) to 3600 seconds of one throw-away warm-up run before the first point");
        rates = list(properties, RATES, DEFAULT_RATES, 1, Settings.MAX_RATE,
                "rising msg/s values, comma-separated, each 1 to " + Settings.MAX_RATE);
        sizes = list(properties, SIZES, DEFAULT_SIZES, 32, Settings.MAX_SIZE,
                "rising byte sizes, comma-separated, each 32 (the header) to " + Settings.MAX_SIZE);
    }

    long[] steps() {
        return kind.equals("rate") ? rates : sizes;
    }

    private String value(final Properties properties, final String name, final String defaultValue) {
        final String raw = properties.getProperty(name, defaultValue).trim();
        effective.put(name, raw);
        return raw;
    }

    private long number(final Properties properties, final String name, final String defaultValue, final long min,
                        final long max, final String accepted) {
        return Setting.whole(name, value(properties, name, defaultValue), min, max, accepted);
    }

    private long[] list(final Properties properties, final String name, final String defaultValue, final long min,
                        final long max, final String accepted) {
        final List<Long> values = new ArrayList<>();
        for (final String item : value(properties, name, defaultValue).split(",")) {
            final long parsed = Setting.whole(name, item.trim(), min, max, accepted);
            if (!values.isEmpty() && parsed <= values.get(values.size() - 1)) {
                throw new InvalidSettingException(name, parsed + " does not rise above the value before it",
                        accepted);
            }
            values.add(parsed);
        }
        return values.stream().mapToLong(Long::longValue).toArray();
    }
}
