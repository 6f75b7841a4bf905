package io.fastestjvm.config;

import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * One benchmark setting, declared once: the bad-input message, {@code -Dqp.help=true} and docs/settings.md are
 * generated from the same declaration that parsing checks.
 */
public final class Setting {
    private static final List<String> FLAG_VALUES = Arrays.asList("true", "false");
    private final String name;
    private final String defaultValue;
    private final String documentedDefault;
    private final String description;
    /** Whole numbers: the inclusive bounds, the unit shown after them, and what the lowest value means if special. */
    private final long min;
    private final long max;
    private final String unit;
    private final String lowestMeans;
    /** Choices: the accepted values; their text, when not the values themselves. */
    private final Supplier<List<String>> choices;
    private final Supplier<String> acceptedText;

    private Setting(final String name, final String defaultValue, final String documentedDefault,
                    final String description, final long min, final long max, final String unit,
                    final String lowestMeans, final Supplier<List<String>> choices,
                    final Supplier<String> acceptedText) {
        this.name = name;
        this.defaultValue = defaultValue;
        this.documentedDefault = documentedDefault;
        this.description = description;
        this.min = min;
        this.max = max;
        this.unit = unit;
        this.lowestMeans = lowestMeans;
        this.choices = choices;
        this.acceptedText = acceptedText;
    }

    /** A whole number from {@code min} to {@code max}. */
    static Setting whole(final String name, final long defaultValue, final long min, final long max,
                         final String unit, final String description) {
        return new Setting(name, String.valueOf(defaultValue), String.valueOf(defaultValue), description, min, max,
                unit, null, null, null);
    }

    /** true or false. */
    static Setting flag(final String name, final boolean defaultValue, final String description) {
        return oneOf(name, String.valueOf(defaultValue), description, FLAG_VALUES.toArray(new String[0]));
    }

    /** One of fixed values, compared exactly by {@link #choice} (a flag is read by {@link #bool}, ignoring case). */
    static Setting oneOf(final String name, final String defaultValue, final String description,
                         final String... values) {
        final List<String> list = Arrays.asList(values);
        return new Setting(name, defaultValue, defaultValue, description, 0, 0, "", null, () -> list, null);
    }

    /** One of values known only at run time (e.g. the transport registry), or with their own text. */
    static Setting oneOf(final String name, final String defaultValue, final String description,
                         final Supplier<List<String>> values, final Supplier<String> accepted) {
        return new Setting(name, defaultValue, defaultValue, description, 0, 0, "", null, values, accepted);
    }

    /** Free text, or a value checked where it is used; {@code accepted} says what is accepted. */
    static Setting text(final String name, final String defaultValue, final String accepted,
                        final String description) {
        return new Setting(name, defaultValue, defaultValue, description, 0, 0, "", null, null, () -> accepted);
    }

    /** The lowest value is special, e.g. -1 "no pinning" or 0 "off": "-1 (no pinning) or 0 to 4095". */
    Setting lowestMeans(final String meaning) {
        return new Setting(name, defaultValue, documentedDefault, description, min, max, unit, meaning, choices,
                acceptedText);
    }

    /** For a default that depends on the machine: how it is chosen. */
    Setting documentedAs(final String howChosen) {
        return new Setting(name, defaultValue, howChosen, description, min, max, unit, lowestMeans, choices,
                acceptedText);
    }

    public String name() {
        return name;
    }

    /** What the setting accepts, one phrase: generated from the bounds or the choices. */
    public String accepted() {
        if (acceptedText != null) {
            return acceptedText.get();
        }
        if (choices != null) {
            return either(choices.get());
        }
        final String range = lowestMeans == null ? min + " to " + max
                : min + " (" + lowestMeans + ") or " + (min + 1) + " to " + max;
        return range + unit;
    }

    /** "a, b or c". */
    static String either(final List<String> values) {
        return String.join(", ", values.subList(0, values.size() - 1)) + " or " + values.get(values.size() - 1);
    }

    public String description() {
        return description;
    }

    public String documentedDefault() {
        return documentedDefault;
    }

    long min() {
        return min;
    }

    /** Whether {@code properties} names this setting (else its default applies). */
    boolean given(final Properties properties) {
        return properties.getProperty(name) != null;
    }

    String raw(final Properties properties) {
        final String value = properties.getProperty(name);
        return value == null ? defaultValue : value.trim();
    }

    /** The value within this setting's own bounds. */
    long longValue(final Properties properties) {
        return longIn(properties, min, max);
    }

    int intValue(final Properties properties) {
        return (int) longIn(properties, min, max);
    }

    /** For a bound that depends on another setting (the accepted text then says so). */
    long longIn(final Properties properties, final long low, final long high) {
        return whole(name, raw(properties), low, high, accepted());
    }

    /** {@code raw} as a whole number (underscores allowed) from {@code low} to {@code high}, or the bad-input line. */
    public static long whole(final String name, final String raw, final long low, final long high,
                             final String accepted) {
        final long value;
        try {
            value = Long.parseLong(raw.replace("_", ""));
        } catch (final NumberFormatException e) {
            throw new InvalidSettingException(name, "\"" + raw + "\" is not a whole number", accepted);
        }
        if (value < low || value > high) {
            throw new InvalidSettingException(name, value + " is out of range", accepted);
        }
        return value;
    }

    boolean bool(final Properties properties) {
        final String raw = raw(properties);
        if ("true".equalsIgnoreCase(raw)) {
            return true;
        }
        if ("false".equalsIgnoreCase(raw)) {
            return false;
        }
        throw invalid("\"" + raw + "\" is not true or false");
    }

    String choice(final Properties properties) {
        final String raw = raw(properties);
        if (!choices.get().contains(raw)) {
            throw invalid("\"" + raw + "\" is not allowed");
        }
        return raw;
    }

    String matching(final Properties properties, final String regex) {
        final String raw = raw(properties);
        if (!raw.matches(regex)) {
            throw invalid("\"" + raw + "\" is not allowed");
        }
        return raw;
    }

    /** Refuses a bad value by the setting's kind; free text is checked where it is used. */
    void check(final Properties properties) {
        if (choices == null && acceptedText == null) {
            longValue(properties);
        } else if (choices != null && FLAG_VALUES.equals(choices.get())) {
            bool(properties);
        } else if (choices != null) {
            choice(properties);
        }
    }

    public InvalidSettingException invalid(final String problem) {
        return new InvalidSettingException(name, problem, accepted());
    }

    /** As {@link #invalid(String)}, where another setting narrows this one's range to {@code accepted}. */
    public InvalidSettingException invalid(final String problem, final String accepted) {
        return new InvalidSettingException(name, problem, accepted);
    }
}
