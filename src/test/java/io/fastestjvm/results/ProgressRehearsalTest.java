package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.AllocationMeter;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.timeline.IntervalTable;

class ProgressRehearsalTest {
    @Test
    void theRehearsalRunsThePathButWritesNothingAnywhere() throws Exception {
        final PrintStream realOut = System.out;
        final PrintStream realErr = System.err;
        final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final LatencyRecorder recorder = new LatencyRecorder("real", 1, 1);
        try (PrintStream capture = new PrintStream(captured, true, "UTF-8");
             IntervalLog real = new IntervalLog(recorder, null, log, 0)) {
            System.setOut(capture);
            System.setErr(capture);
            final int headerLength = log.size();
            final IntervalTable table = new IntervalTable(100);
            reporter(real, new PrintStream(err, true, "UTF-8"), table).rehearse(20, 20);
            assertEquals(headerLength, log.size(), "the real interval log got nothing");
            assertEquals(0, table.rows().size(), "the real evidence table got nothing");
        } finally {
            System.setOut(realOut);
            System.setErr(realErr);
        }
        assertEquals(0, captured.size(), captured.toString("UTF-8"));
        assertEquals(0, err.size(), err.toString("UTF-8"));
    }

    @Test
    void theProgressLineReadsAsStringFormatDidWithoutFormatting() throws Exception {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final ProgressLine line = new ProgressLine();
        final PrintStream out = new PrintStream(err, true, "UTF-8");
        line.write(out, true, 7, "<=80", 1_234_567, 0, 1, 999, 12_730_367, 1_000, Long.MAX_VALUE);
        line.write(out, false, 42, "100", 6_000_000, 5_999_999, 100_000, -5, 123_456_789_012L, 7, 100_000);
        final String expected = String.format(Locale.US, "[qp] %-8s %4d/%s s  sent %,d  received %,d  last 1 s: "
                + "actual-send p50 %,d ns p99.9 %,d ns | intended-send p50 %,d ns p99.9 %,d ns%n", "warm-up", 7,
                "<=80", 1_234_567, 0, 999, 12_730_367, 1_000, Long.MAX_VALUE)
                + String.format(Locale.US, "[qp] %-8s %4d/%s s  sent %,d  received %,d  last 1 s: "
                + "actual-send p50 %,d ns p99.9 %,d ns | intended-send p50 %,d ns p99.9 %,d ns%n", "measured", 42,
                "100", 6_000_000, 5_999_999, -5, 123_456_789_012L, 7, 100_000);
        assertEquals(expected.replace(System.lineSeparator(), "\n"), new String(err.toByteArray(),
                StandardCharsets.US_ASCII));
    }

    @Test
    void aSecondWithNoMessagesSaysSoInsteadOfZeroNanoseconds() throws Exception {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream out = new PrintStream(err, true, "UTF-8");
        // an empty histogram's percentiles are 0: the line must not print them as latencies
        new ProgressLine().write(out, false, 3, "100", 300_000, 200_000, 0, 0, 0, 0, 0);
        assertEquals("[qp] measured    3/100 s  sent 300,000  received 200,000  last 1 s: no messages received\n",
                new String(err.toByteArray(), StandardCharsets.US_ASCII));
    }

    @Test
    void writingALineAllocatesNothingEitherWay() {
        final AllocationMeter meter = new AllocationMeter();
        final ProgressLine line = new ProgressLine();
        final PrintStream sink = new PrintStream(new OutputStream() {
            @Override
            public void write(final int b) {
            }

            @Override
            public void write(final byte[] b, final int off, final int len) {
            }
        });
        for (int i = 0; i < 20_000; i++) { // both branches compiled before the metered calls
            line.write(sink, false, i, "100", i, i, i & 1, i, i, i, i);
        }
        meter.start();
        for (int i = 0; i < 1_000; i++) {
            line.write(sink, i % 3 == 0, i, "100", 1_000_000L * i, 999_999L * i, i & 1, 211, 5_000, 300, 9_000);
        }
        meter.stop();
        assertEquals(0, meter.allocatedBytes(), "bytes allocated by 1,000 progress lines, with and without messages");
    }

    private static ProgressReporter reporter(final IntervalLog log, final PrintStream err, final IntervalTable table) {
        return new ProgressReporter(new IntervalLog[] {log, log}, () -> 0, () -> 0, () -> 10, sequence -> sequence,
                10, 80, 100, err,
                table);
    }
}
