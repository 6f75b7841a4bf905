package io.fastestjvm.audit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/** Reads /proc and /sys files under a root, "/" in production and a fixture tree in tests. */
public final class SystemFiles {
    private final Path root;

    public SystemFiles(final Path root) {
        this.root = root;
    }

    public static SystemFiles live() {
        return new SystemFiles(Paths.get("/"));
    }

    public Path root() {
        return root;
    }

    Path resolve(final String absolute) {
        return root.resolve(absolute.startsWith("/") ? absolute.substring(1) : absolute);
    }

    /**
     * Every line, or an empty list when the file is absent or unreadable. Decoded leniently: a cmdline may hold bytes
     * that are not UTF-8, and a strict read would lose the whole file for one of them.
     */
    public List<String> lines(final String absolute) {
        try {
            final String text = new String(Files.readAllBytes(resolve(absolute)), StandardCharsets.UTF_8);
            return new BufferedReader(new StringReader(text)).lines().collect(Collectors.toList());
        } catch (final IOException | RuntimeException e) {
            return Collections.emptyList();
        }
    }

    /** The first line trimmed, "" for an empty file, null when absent. */
    public String firstLine(final String absolute) {
        if (!Files.isReadable(resolve(absolute))) {
            return null;
        }
        final List<String> lines = lines(absolute);
        return lines.isEmpty() ? "" : lines.get(0).trim();
    }

    /** Names in a directory matching a glob, sorted; empty when absent. */
    public List<String> list(final String absoluteDirectory, final String glob) {
        final List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(resolve(absoluteDirectory), glob)) {
            for (final Path entry : entries) {
                names.add(entry.getFileName().toString());
            }
        } catch (final IOException | RuntimeException e) {
            return names;
        }
        Collections.sort(names);
        return names;
    }

    /** The value of "Key:" in a /proc status-style file, or -1. */
    public long statusValue(final String absolute, final String key) {
        for (final String line : lines(absolute)) {
            if (line.startsWith(key + ":")) {
                try {
                    return Long.parseLong(line.substring(key.length() + 1).trim().split("\\s+")[0]);
                } catch (final NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /**
     * A thread's involuntary context switches so far (how often the scheduler took its CPU away), from
     * /proc/self/task/{@code tid}/status; -1 when unknown. Reads a file: never call from a hot loop.
     */
    public long involuntarySwitches(final int tid) {
        return tid < 0 ? -1 : statusValue("/proc/self/task/" + tid + "/status", "nonvoluntary_ctxt_switches");
    }

    /** utime + stime (fields 14 and 15) of a /proc/[pid]/stat or task stat file, in ticks; null when unreadable. */
    public Long statCpuTicks(final String absolute) {
        final String[] fields = statFieldsFromState(absolute);
        try {
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (final RuntimeException e) {
            return null;
        }
    }

    /** starttime (field 22) of such a stat file, in clock ticks since boot; null when unreadable. */
    public String statStartTime(final String absolute) {
        final String[] fields = statFieldsFromState(absolute);
        return fields.length > 19 ? fields[19] : null;
    }

    /**
     * A stat file's fields from field 3 (state) on; none when unreadable. The command name (field 2) may hold spaces
     * and ')', so fields are counted after the last ')'. Read as ASCII: a thread name cut mid-character stays readable.
     */
    public String[] statFieldsFromState(final String absolute) {
        try {
            final String stat = new String(Files.readAllBytes(resolve(absolute)), StandardCharsets.US_ASCII);
            final int close = stat.lastIndexOf(')');
            return close < 0 ? new String[0] : stat.substring(close + 1).trim().split("\\s+");
        } catch (final IOException | RuntimeException e) {
            return new String[0];
        }
    }
}
