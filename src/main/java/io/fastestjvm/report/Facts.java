package io.fastestjvm.report;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.environment.EnvironmentInfo;

/** The distinct values a fact takes over a set of run folders, e.g. the exact JDK builds a group ran on. */
final class Facts {
    private Facts() {
    }

    /** Distinct non-empty values of {@code fact} over the folders, joined with " / ", or "" if none. */
    static String distinct(final Collection<RunFolder> folders, final Function<RunFolder, ?> fact) {
        final Set<String> values = new LinkedHashSet<>();
        for (final RunFolder folder : folders) {
            final String text = text(fact.apply(folder));
            if (!text.isEmpty()) {
                values.add(text);
            }
        }
        return String.join(" / ", values);
    }

    static String environment(final Collection<RunFolder> folders, final String key) {
        return distinct(folders, f -> f.environment().path(key));
    }

    /** A JSON value (arrays joined with spaces) or a plain one as text; "" for null or missing. */
    private static String text(final Object fact) {
        if (fact instanceof JsonNode) {
            final JsonNode value = (JsonNode) fact;
            if (value.isNull() || value.isMissingNode()) {
                return "";
            }
            return value.isArray() ? String.join(" ", texts(value)) : value.asText("");
        }
        return fact == null ? "" : fact.toString();
    }

    /** A fact of the environment's {@code jit} object. */
    static String jit(final Collection<RunFolder> folders, final String key) {
        return distinct(folders, f -> f.environment().path(EnvironmentInfo.JIT).path(key));
    }

    private static Set<String> texts(final JsonNode array) {
        final Set<String> texts = new LinkedHashSet<>();
        for (final JsonNode element : array) {
            texts.add(element.asText());
        }
        return texts;
    }
}
