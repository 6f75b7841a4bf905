package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.fastestjvm.compare.PairAnswer;
import io.fastestjvm.results.model.Percentile;

/**
 * "Which JVM is fastest for this, and by how much?" in one table: each JVM's p50 against JDK 17's from interleaved
 * comparisons, beside the article's figures; written to a folder of its own so README can quote its lines.
 */
final class AnswerTable {
    static final String BASE = "jdk17";
    static final String HEADER = "| JVM | the article: median / 99.99% | the article: median / JDK 17's"
            + " | ours: p50 / jdk17's (95 %) | blocks, wall time | comparison |";

    private AnswerTable() {
    }

    /** Reads every comparison first (one bad folder: nothing written), then writes {@code out}/report.md. */
    static Path write(final Path out, final List<Path> comparisons) throws IOException, InvalidInputException {
        final List<PairAnswer> answers = new ArrayList<>();
        for (final Path folder : comparisons) {
            if (!PairAnswer.isComparison(folder.toFile())) {
                throw new InvalidInputException(folder + " is not a finished interleaved comparison (plan.json and"
                        + " blocks.csv)");
            }
            answers.addAll(PairAnswer.read(folder.toFile()));
        }
        final List<PairAnswer> latest = latest(answers);
        final Path file = out.resolve(ReportMarkdown.FILE);
        Report.write(file, markdown(latest, out) + superseded(answers, latest));
        return file;
    }

    /** One answer per pair of profiles (either way round): the last named, so a rerun replaces what it reran. */
    static List<PairAnswer> latest(final List<PairAnswer> answers) {
        final Map<String, PairAnswer> byPair = new LinkedHashMap<>();
        answers.forEach(answer -> byPair.put(pair(answer), answer));
        final List<PairAnswer> kept = new ArrayList<>(byPair.values());
        kept.sort(Comparator.comparingInt(answers::indexOf));
        return kept;
    }

    /** The answers {@link #latest} left out, each with the comparison that replaced it; empty when none. */
    static String superseded(final List<PairAnswer> all, final List<PairAnswer> latest) {
        final StringBuilder md = new StringBuilder();
        final Map<String, PairAnswer> byPair = new LinkedHashMap<>();
        latest.forEach(answer -> byPair.put(pair(answer), answer));
        for (final PairAnswer answer : all) {
            if (!latest.contains(answer)) {
                md.append(md.length() == 0 ? "\nMeasured again, so not quoted above:\n\n" : "")
                        .append("- `").append(answer.a).append("` / `").append(answer.b).append("` of `")
                        .append(answer.folder.getName()).append("`: ").append(ratio(answer))
                        .append(", replaced by `").append(byPair.get(pair(answer)).folder.getName()).append("`\n");
            }
        }
        return md.toString();
    }

    /** The pair's two profiles in name order: the same key whichever side each was on. */
    private static String pair(final PairAnswer answer) {
        final String a = profile(answer.a);
        final String b = profile(answer.b);
        return a.compareTo(b) <= 0 ? a + " / " + b : b + " / " + a;
    }

    static String markdown(final List<PairAnswer> answers, final Path out) {
        final List<PairAnswer> againstBase = new ArrayList<>();
        final List<PairAnswer> others = new ArrayList<>();
        for (final PairAnswer answer : answers) {
            final boolean aBase = BASE.equals(profile(answer.a));
            final boolean bBase = BASE.equals(profile(answer.b));
            if (aBase != bBase) {
                againstBase.add(bBase ? answer : answer.inverted());
            } else if (!aBase) {
                others.add(answer);
            }
        }
        final StringBuilder md = new StringBuilder("# Which JVM is fastest for this, and by how much?\n\n")
                .append("Each JVM's actual-send p50 against JDK 17's (`").append(BASE).append("`), from interleaved"
                        + " comparisons: warm JVMs taking turns slice by slice, blocks of fresh JVMs as the units"
                        + " (docs/interleaved.md). Below 1 it is faster. The interval is the one the comparison's"
                        + " report prints; the wall time is all of that comparison's blocks, every variant's start,"
                        + " warm-up, cycles and read-back. The article's figures are from THEIR machine ("
                        + ReportMarkdown.ARTICLE_MACHINE + "), ours from each comparison's machine (its report); its"
                        + " ratio is its median over its JDK 17's. Written by `Report --answer`.\n\n")
                .append(HEADER).append("\n|---|---:|---:|---|---|---|\n");
        final List<PairAnswer> unplaced = new ArrayList<>(againstBase);
        final double baseMedian = ReportMarkdown.articleFigure(BASE, Percentile.P50);
        for (final ReportMarkdown.ArticleRow row : ReportMarkdown.ARTICLE_ROWS) {
            final String article = "| " + row.jvm + (row.profile == null ? "" : " (`" + row.profile + "`)") + " | "
                    + ReportMarkdown.nanos(row.median) + " / " + row.p9999Text + " | "
                    + String.format(Locale.ROOT, "%.2f", row.median / baseMedian) + " | ";
            if (BASE.equals(row.profile)) {
                md.append(article).append("1 (the base) | | |\n");
                continue;
            }
            final List<PairAnswer> measured = againstBase.stream()
                    .filter(answer -> profile(answer.a).equals(row.profile)).collect(Collectors.toList());
            measured.forEach(answer -> md.append(row(article, answer)));
            unplaced.removeAll(measured);
            if (measured.isEmpty()) {
                md.append(article).append("not measured | | |\n");
            }
        }
        unplaced.sort(Comparator.comparing(answer -> answer.a));
        for (final PairAnswer answer : unplaced) {
            md.append(row("| `" + answer.a + "` | - | - | ", answer));
        }
        if (!others.isEmpty()) {
            md.append("\n## Other pairs\n\n| pair | ours: p50 ratio (95 %) | blocks, wall time | comparison |\n")
                    .append("|---|---|---|---|\n");
            for (final PairAnswer answer : others) {
                md.append("| `").append(answer.a).append("` / `").append(answer.b).append("` | ").append(ratio(answer))
                        .append(" | ").append(cost(answer)).append(" | ").append(name(answer)).append(" |\n");
            }
        }
        return md.append(sources(answers, out)).toString();
    }

    /** {@code article}: the row's first three cells, as "| JVM | figures | ratio | ". */
    private static String row(final String article, final PairAnswer answer) {
        return article + ratio(answer) + " | " + cost(answer) + " | " + name(answer) + " |\n";
    }

    private static String ratio(final PairAnswer answer) {
        if (Double.isNaN(answer.ratio.lower())) {
            return String.format(Locale.ROOT, "%.3f, no interval", answer.ratio.estimate());
        }
        return String.format(Locale.ROOT, "%.3f (%.3f-%.3f), %s", answer.ratio.estimate(), answer.ratio.lower(),
                answer.ratio.upper(), answer.separable ? "separable" : "cannot tell apart");
    }

    private static String cost(final PairAnswer answer) {
        return answer.blocks + " (" + answer.method + ")" + (Double.isNaN(answer.minutes) ? ""
                : String.format(Locale.ROOT, ", %.0f min", answer.minutes));
    }

    /** The comparison's name, plain, so README can quote a row; {@link #sources} links each one. */
    private static String name(final PairAnswer answer) {
        return "`" + answer.folder.getName() + "`";
    }

    private static String sources(final List<PairAnswer> answers, final Path out) {
        final StringBuilder md = new StringBuilder("\nThe comparisons:\n\n");
        answers.stream().map(answer -> answer.folder).distinct().forEach(folder -> md.append("- [")
                .append(folder.getName()).append("](").append(out.toAbsolutePath().normalize()
                        .relativize(PairAnswer.report(folder).toPath().toAbsolutePath().normalize()))
                .append(")\n"));
        return md.toString();
    }

    /** The variant's profile: its name without the "#n" that tells two variants of one profile apart. */
    static String profile(final String variant) {
        return variant.replaceFirst("#\\d+$", "");
    }
}
