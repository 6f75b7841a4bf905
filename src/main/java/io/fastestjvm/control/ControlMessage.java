package io.fastestjvm.control;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One message on the control link: a type (a command or a reply) and named fields, one JSON object per line on the
 * wire, so it can be read and replayed by hand; a field the reader does not know is ignored.
 */
public final class ControlMessage {
    /** The reply a child sends instead of the one asked for: field {@link #REASON} says why. */
    public static final String FAILED = "failed";
    public static final String REASON = "reason";
    private static final String TYPE = "type";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, Object> fields;

    private ControlMessage(final Map<String, Object> fields) {
        this.fields = fields;
    }

    public static ControlMessage of(final String type) {
        final Map<String, Object> fields = new LinkedHashMap<>();
        fields.put(TYPE, type);
        return new ControlMessage(fields);
    }

    public static ControlMessage failed(final String reason) {
        return of(FAILED).with(REASON, reason);
    }

    /** A copy with one more field (a number, a string, a boolean, a list or a map of these). */
    public ControlMessage with(final String name, final Object value) {
        final Map<String, Object> copy = new LinkedHashMap<>(fields);
        copy.put(name, value);
        return new ControlMessage(copy);
    }

    public String type() {
        return (String) fields.get(TYPE);
    }

    public boolean has(final String name) {
        return fields.containsKey(name);
    }

    public long number(final String name) {
        final Object value = fields.get(name);
        if (!(value instanceof Number)) {
            throw new IllegalArgumentException(type() + " has no number " + name + ": " + this);
        }
        return ((Number) value).longValue();
    }

    public String text(final String name) {
        final Object value = fields.get(name);
        return value == null ? null : value.toString();
    }

    public Map<String, Object> fields() {
        return Collections.unmodifiableMap(fields);
    }

    String toLine() {
        try {
            return JSON.writeValueAsString(fields);
        } catch (final JsonProcessingException e) {
            throw new IllegalArgumentException("not encodable: " + fields, e);
        }
    }

    static ControlMessage parse(final String line) throws IOException {
        final Map<String, Object> fields = JSON.readValue(line, new TypeReference<LinkedHashMap<String, Object>>() {
        });
        if (!(fields.get(TYPE) instanceof String)) {
            throw new IOException("control message without a type: " + line);
        }
        return new ControlMessage(fields);
    }

    @Override
    public String toString() {
        return toLine();
    }
}
