package io.fastestjvm.sweep;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.model.Percentile;

/**
 * Writes {@code sweep-<kind>.json} and {@code .csv} into the set folder, in the layout CONTEXT.md fixes, and decides
 * the two headline rates from the points so the console, JSON and CSV cannot disagree.
 */
final class SweepReport {
    static final long P99_LIMIT_NANOS = 10_000;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SweepReport() {
    }

    /** The highest rate such that it and every lower point passed and were sustained; null when the first did not. */
    static Long maxSustainedRate(final List<SweepPoint> points) {
        Long max = null;
        for (final SweepPoint point : points) {
            if (point.failed() || !point.sustained()) {
                break;
            }
            max = point.rate;
        }
        return max;
    }

    /** The first rate whose actual-send p99 exceeds 10 µs; null when none did. */
    static Long rateWhereP99Exceeds10us(final List<SweepPoint> points) {
        for (final SweepPoint point : points) {
            if (point.ran() && point.latency(Latency.ACTUAL_SEND, Percentile.P99) > P99_LIMIT_NANOS) {
                return point.rate;
            }
        }
        return null;
    }

    static List<SweepPoint> failedPoints(final List<SweepPoint> points) {
        return points.stream().filter(SweepPoint::failed).collect(Collectors.toList());
    }

    static int exitCode(final List<SweepPoint> points) {
        return failedPoints(points).isEmpty() ? BenchmarkResult.PASSED : BenchmarkResult.CHECK_FAILED;
    }

    /** The line naming a failed point and why: "FAILED: sweep point rate 500,000 msg/s: checks failed: ...". */
    static String failure(final String kind, final SweepPoint point) {
        final boolean rate = kind.equals("rate");
        return String.format(Locale.ROOT, "FAILED: sweep point %s %,d %s: %s", kind, rate ? point.rate : point.size,
                rate ? "msg/s" : "B", point.ran() ? "checks failed: " + String.join("; ", point.summary.failures())
                        : point.problem);
    }

    static ObjectNode json(final ObjectNode header, final String kind, final List<SweepPoint> points) {
        final ObjectNode root = header.deepCopy();
        final ArrayNode array = root.withArray("points");
        for (final SweepPoint point : points) {
            final ObjectNode node = array.addObject();
            node.put("rate", point.rate);
            node.put("size", point.size);
            node.put("status", point.status);
            node.put("resultsFolder", point.resultsFolder);
            node.put("sustained", point.sustained());
            if (point.ran()) {
                node.put("achievedRate", point.achievedRate());
                for (final Latency latency : Latency.ALL) {
                    final ObjectNode values = node.putObject(latency.key());
                    for (final Percentile percentile : SweepPoint.PERCENTILES) {
                        values.put(percentile.key(), point.latency(latency, percentile));
                    }
                }
                node.set("failures", JSON.valueToTree(point.summary.failures()));
            } else {
                node.putNull("achievedRate");
                for (final Latency latency : Latency.ALL) {
                    node.putNull(latency.key());
                }
                node.putArray("failures").add(point.problem);
            }
        }
        final boolean rateSweep = kind.equals("rate");
        root.set("maxSustainedRate", JSON.valueToTree(rateSweep ? maxSustainedRate(points) : null));
        root.set("rateWhereP99Exceeds10us", JSON.valueToTree(rateSweep ? rateWhereP99Exceeds10us(points) : null));
        return root;
    }

    static void write(final ResultsFolder set, final String kind, final ObjectNode json, final List<SweepPoint> points)
            throws IOException {
        set.write("sweep-" + kind + ".csv", out -> {
            final PrintWriter writer = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            csv(writer, json.path("transport").asText(), json.path("jvm").asText(), points);
            writer.flush();
            if (writer.checkError()) {
                throw new IOException("writing sweep-" + kind + ".csv failed (no space left, or an I/O error)");
            }
        });
        set.write("sweep-" + kind + ".json", out -> JSON.writeValue(out, json));
    }

    private static void csv(final PrintWriter out, final String transport, final String jvm,
                            final List<SweepPoint> points) {
        out.print("transport,jvm,rate,size,status,sustained,achievedRate");
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : SweepPoint.PERCENTILES) {
                out.print("," + latency.key() + "_" + percentile.key());
            }
        }
        out.println(",resultsFolder");
        for (final SweepPoint point : points) {
            out.print(String.format(Locale.ROOT, "%s,%s,%d,%d,%s,%s,%s", transport, jvm, point.rate, point.size,
                    point.status, point.sustained(), point.ran() ? String.valueOf(point.achievedRate()) : ""));
            for (final Latency latency : Latency.ALL) {
                for (final Percentile percentile : SweepPoint.PERCENTILES) {
                    out.print("," + (point.ran() ? String.valueOf(point.latency(latency, percentile)) : ""));
                }
            }
            out.println("," + (point.resultsFolder == null ? "" : point.resultsFolder));
        }
    }
}
