package io.fastestjvm.affinity;

import java.util.BitSet;

/** Parses and prints the kernel's CPU list format ("0-3,8,10-11"), as in Cpus_allowed_list and /sys/.../isolated. */
public final class CpuList {
    private CpuList() {
    }

    public static BitSet parse(final String list) {
        final BitSet cpus = new BitSet();
        final String trimmed = list == null ? "" : list.trim();
        if (trimmed.isEmpty()) {
            return cpus;
        }
        for (final String part : trimmed.split(",")) {
            final int dash = part.indexOf('-');
            if (dash < 0) {
                cpus.set(Integer.parseInt(part.trim()));
            } else {
                cpus.set(Integer.parseInt(part.substring(0, dash).trim()),
                        Integer.parseInt(part.substring(dash + 1).trim()) + 1);
            }
        }
        return cpus;
    }

    public static String format(final BitSet cpus) {
        final StringBuilder out = new StringBuilder();
        int start = cpus.nextSetBit(0);
        while (start >= 0) {
            int end = start;
            while (cpus.get(end + 1)) {
                end++;
            }
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(start);
            if (end > start) {
                out.append('-').append(end);
            }
            start = cpus.nextSetBit(end + 1);
        }
        return out.toString();
    }
}
