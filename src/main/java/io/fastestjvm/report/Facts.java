package io.fastestjvm.report;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

/** The distinct values a fact takes over a set of run folders, e.g. the exact JDK builds a group ran on. */
final class Facts {
    private Facts() {
    }

    /** Distinct non-empty values of {@code fact} over the folders, joined with " / ", or "" if none. */
    static String distinct(final Collection<RunFolder> folders, final Function<RunFolder, JsonNode> fact) {
        final Set<String> values = new LinkedHashSet<>();
        for (final RunFolder folder : folders) {
            final JsonNode value = fact.apply(folder);
            final String text = value.isArray() ? String.join(" ", texts(value)) : value.asText("");
            if (!value.isNull() && !value.isMissingNode() && !text.isEmpty()) {
                values.add(text);
            }
        }
        return String.join(" / ", values);
    }

    static String environment(final Collection<RunFolder> folders, final String key) {
        return distinct(folders, f -> f.environment().path(key));
    }

    private static Set<String> texts(final JsonNode array) {
        final Set<String> texts = new LinkedHashSet<>();
        for (final JsonNode element : array) {
            texts.add(element.asText());
        }
        return texts;
    }
}
