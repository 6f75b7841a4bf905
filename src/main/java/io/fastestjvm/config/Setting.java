package io.fastestjvm.config;

import java.util.Properties;

/**
 * One benchmark setting: its system-property name, its default and its accepted range, and the parsing
 * that turns a raw string into a checked value. Every parse failure is an {@link InvalidSettingException}.
 */
public final class Setting {
    private final String name;
    private final String defaultValue;
    private final String accepted;
    private final String description;
    private final String documentedDefault;

    Setting(final String name, final String defaultValue, final String accepted, final String description) {
        this(name, defaultValue, accepted, description, defaultValue);
    }

    /** For a default that depends on the machine: {@code documentedDefault} says how it is chosen. */
    Setting(final String name, final String defaultValue, final String accepted, final String description,
            final String documentedDefault) {
        this.name = name;
        this.defaultValue = defaultValue;
        this.accepted = accepted;
        this.description = description;
        this.documentedDefault = documentedDefault;
    }

    public String name() {
        return name;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String accepted() {
        return accepted;
    }

    public String description() {
        return description;
    }

    public String documentedDefault() {
        return documentedDefault;
    }

    String raw(final Properties properties) {
        final String value = properties.getProperty(name);
        return value == null ? defaultValue : value.trim();
    }

    long longIn(final Properties properties, final long min, final long max) {
        final String raw = raw(properties);
        final long value;
        try {
            value = Long.parseLong(raw.replace("_", ""));
        } catch (final NumberFormatException e) {
            throw invalid("\"" + raw + "\" is not a whole number");
        }
        if (value < min || value > max) {
            throw invalid(value + " is out of range");
        }
        return value;
    }

    int intIn(final Properties properties, final int min, final int max) {
        return (int) longIn(properties, min, max);
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

    String matching(final Properties properties, final String regex) {
        final String raw = raw(properties);
        if (!raw.matches(regex)) {
            throw invalid("\"" + raw + "\" is not allowed");
        }
        return raw;
    }

    public InvalidSettingException invalid(final String problem) {
        return new InvalidSettingException(name, problem, accepted);
    }
}
