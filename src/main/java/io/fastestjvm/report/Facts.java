package io.fastestjvm.report;

import java.util.Collection;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.environment.EnvironmentInfo;

/** The distinct values a fact takes over a set of run folders, e.g. the exact JDK builds a group ran on. */
final class Facts {
    private Facts() {
    }

    /** Distinct non-empty values of {@code fact} over the folders, joined with " / ", or "" if none. */
    static String distinct(final Collection<RunFolder> folders, final Function<RunFolder, ?> fact) {
        return folders.stream().map(folder -> text(fact.apply(folder))).filter(text -> !text.isEmpty()).distinct()
                .collect(Collectors.joining(" / "));
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
            return value.isArray() ? StreamSupport.stream(value.spliterator(), false).map(JsonNode::asText).distinct()
                    .collect(Collectors.joining(" ")) : value.asText("");
        }
        return fact == null ? "" : fact.toString();
    }

    /** A CPU or CPU list as a run recorded it; "?" when it recorded none. */
    static String cpu(final Object cpu) {
        return cpu == null ? "?" : cpu.toString();
    }

    /** A fact of the environment's {@code jit} object. */
    static String jit(final Collection<RunFolder> folders, final String key) {
        return distinct(folders, f -> f.environment().path(EnvironmentInfo.JIT).path(key));
    }
}
