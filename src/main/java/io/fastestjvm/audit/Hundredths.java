package io.fastestjvm.audit;

/**
 * Decimal text in hundredths without {@code Double.parseDouble} or {@code %f}, which would initialise the JDK's
 * floating-point conversion just before the benchmark threads start (see {@link LoadSample}).
 */
final class Hundredths {
    private Hundredths() {
    }

    /** "1.9" to 190, "7" to 700, "0.125" to 12 (truncated). */
    static long parse(final String decimal) {
        final int dot = decimal.indexOf('.');
        final long whole = Long.parseLong(dot < 0 ? decimal : decimal.substring(0, dot));
        long fraction = 0;
        if (dot >= 0) {
            final String digits = (decimal.substring(dot + 1) + "00").substring(0, 2);
            fraction = Long.parseLong(digits);
        }
        return whole * 100 + fraction;
    }

    /** 190 to "1.90". */
    static String format(final long hundredths) {
        final long fraction = Math.abs(hundredths % 100);
        return (hundredths < 0 ? "-" : "") + Math.abs(hundredths / 100) + "." + (fraction < 10 ? "0" : "") + fraction;
    }
}
