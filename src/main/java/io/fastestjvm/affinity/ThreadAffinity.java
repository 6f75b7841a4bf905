package io.fastestjvm.affinity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.BitSet;
import java.util.StringJoiner;

/**
 * Reads the calling thread's and the process's real CPU affinity from the OS, not from what was asked for; and
 * parses and prints the kernel's CPU list format ("0-3,8,10-11"), as in Cpus_allowed_list and /sys/.../isolated.
 */
public final class ThreadAffinity {
    private ThreadAffinity() {
    }

    /** The OS thread id of the caller, or -1 where /proc/thread-self is missing. */
    public static int currentThreadId() {
        try {
            final Path link = Files.readSymbolicLink(Paths.get("/proc/thread-self"));
            return Integer.parseInt(link.getFileName().toString());
        } catch (final IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Empty when unknown. */
    public static BitSet currentThreadAllowedCpus() {
        final int tid = currentThreadId();
        return tid < 0 ? new BitSet() : allowedCpus(Paths.get("/proc/self/task/" + tid + "/status"));
    }

    /** CPUs this process may run on; falls back to 0..availableProcessors-1 where /proc is missing. */
    public static BitSet processAllowedCpus() {
        final BitSet allowed = allowedCpus(Paths.get("/proc/self/status"));
        if (allowed.isEmpty()) {
            allowed.set(0, Runtime.getRuntime().availableProcessors());
        }
        return allowed;
    }

    static BitSet allowedCpus(final Path status) {
        try {
            for (final String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parseCpuList(line.substring("Cpus_allowed_list:".length()));
                }
            }
        } catch (final IOException | RuntimeException e) {
            // not Linux, or /proc hidden: report unknown
        }
        return new BitSet();
    }

    public static BitSet parseCpuList(final String list) {
        final BitSet cpus = new BitSet();
        if (list.trim().isEmpty()) {
            return cpus;
        }
        for (final String part : list.split(",")) {
            final String[] range = part.split("-"); // "8" or "10-11"
            cpus.set(Integer.parseInt(range[0].trim()), Integer.parseInt(range[range.length - 1].trim()) + 1);
        }
        return cpus;
    }

    public static String cpuList(final BitSet cpus) {
        final StringJoiner out = new StringJoiner(",");
        for (int start = cpus.nextSetBit(0); start >= 0; ) {
            final int end = cpus.nextClearBit(start) - 1;
            out.add(end > start ? start + "-" + end : String.valueOf(start));
            start = cpus.nextSetBit(end + 1);
        }
        return out.toString();
    }
}
