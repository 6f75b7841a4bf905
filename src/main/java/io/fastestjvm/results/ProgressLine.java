package io.fastestjvm.results;

import java.io.PrintStream;

/**
 * The once-a-second progress line, built into one reused byte array: {@code String.format} and the charset encoder
 * kept compiling through the measured window, each batch a "Cleanup" safepoint (docs/evidence.md).
 */
final class ProgressLine {
    private static final int MAX_DIGITS = 32; // 19 digits, 6 commas, a sign
    private final byte[] line = new byte[512];
    private final byte[] digits = new byte[MAX_DIGITS];
    private int length;

    /** One line and its line feed; a second with no message ({@code secondCount} 0) says so instead of 0 ns. */
    void write(final PrintStream out, final boolean warmingUp, final long elapsedSeconds, final String of,
               final long sent, final long received, final long secondCount, final long actualP50,
               final long actualP999, final long intendedP50, final long intendedP999) {
        length = 0;
        text("[qp] ");
        text(warmingUp ? "warm-up " : "measured");
        text(" ");
        number(elapsedSeconds, false, 4);
        text("/");
        text(of);
        text(" s  sent ");
        number(sent, true, 0);
        text("  received ");
        number(received, true, 0);
        if (secondCount == 0) {
            text("  last 1 s: no messages received\n");
        } else {
            text("  last 1 s: actual-send p50 ");
            number(actualP50, true, 0);
            text(" ns p99.9 ");
            number(actualP999, true, 0);
            text(" ns | intended-send p50 ");
            number(intendedP50, true, 0);
            text(" ns p99.9 ");
            number(intendedP999, true, 0);
            text(" ns\n");
        }
        out.write(line, 0, length);
    }

    private void text(final String s) {
        for (int i = 0; i < s.length() && length < line.length; i++) {
            line[length++] = (byte) s.charAt(i);
        }
    }

    /** {@code value} right-aligned in {@code width} characters (0: no padding), with commas every three digits. */
    private void number(final long value, final boolean grouped, final int width) {
        long rest = Math.abs(value); // the values here are counts and latencies; Long.MIN_VALUE never occurs
        int count = 0;
        int inGroup = 0;
        do {
            if (grouped && inGroup == 3) {
                digits[count++] = ',';
                inGroup = 0;
            }
            digits[count++] = (byte) ('0' + rest % 10);
            rest /= 10;
            inGroup++;
        } while (rest > 0);
        if (value < 0) {
            digits[count++] = '-';
        }
        for (int pad = count; pad < width && length < line.length; pad++) {
            line[length++] = ' ';
        }
        while (count > 0 && length < line.length) {
            line[length++] = digits[--count];
        }
    }
}
