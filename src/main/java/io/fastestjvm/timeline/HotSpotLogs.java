package io.fastestjvm.timeline;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The timeline on JDKs without JFR's deoptimisation event (8 to 13): the child JVM writes the logs
 * {@link #childJvmFlags} asks for, found after the run from its own input arguments and parsed here.
 */
public final class HotSpotLogs {
    static final String COMPILATION_LOG = "compilation.log";
    static final String SAFEPOINT_LOG = "safepoint.log";
    static final String GC_LOG = "gc.log";

    private static final Pattern ATTRIBUTE = Pattern.compile("(\\w+)='([^']*)'");
    private static final Pattern UNIFIED_STAMP = Pattern.compile("^\\[(\\d+)ns\\]\\[([a-z,]+)\\s*\\] (.*)$");
    private static final Pattern ENTERING = Pattern.compile("Entering safepoint region: (\\S+)");
    private static final Pattern STOPPED = Pattern.compile("Total time for which application threads were stopped:"
            + " ([\\d.]+) seconds, Stopping threads took: ([\\d.]+) seconds");
    private static final Pattern SAFEPOINT_13 = Pattern.compile("Safepoint \"(\\w+)\", Time since last: \\d+ ns,"
            + " Reaching safepoint: (\\d+) ns, .*Total: (\\d+) ns");
    /** A parenthesised cause that may itself hold one level of parentheses: "(System.gc())". */
    private static final String CAUSE = "\\(((?:[^()]|\\([^()]*\\))*)\\)";
    private static final Pattern UNIFIED_GC_PAUSE = Pattern.compile("GC\\(\\d+\\) (Pause [A-Za-z ]+?)((?: "
            + CAUSE + ")*) \\S+->\\S+ ([\\d.]+)ms$");
    private static final Pattern CAUSES = Pattern.compile(CAUSE);
    private static final Pattern GC8_STAMP = Pattern.compile("^([\\d.]+): (.*)$");
    private static final Pattern GC8_PAUSE = Pattern.compile("^\\[(Full GC|GC) " + CAUSE + ".*, ([\\d.]+) secs\\]$");

    private HotSpotLogs() {
    }

    /**
     * The child JVM's flags for these logs; none on JDK 14+ (JFR in-process). JDK 8 has no -Xlog (and
     * -XX:+IgnoreUnrecognizedVMOptions would drop one silently), so it gets -Xloggc with stopped-time lines.
     * Creates {@code eventDir}: a JVM cannot open a log file in a missing directory.
     */
    public static List<String> childJvmFlags(final int javaMajor, final Path eventDir) {
        if (javaMajor >= JfrRecording.FIRST_JDK_WITH_DEOPTIMIZATION_EVENT) {
            return Collections.emptyList();
        }
        try {
            Files.createDirectories(eventDir);
        } catch (final IOException e) {
            throw new java.io.UncheckedIOException("cannot create the JVM event log directory " + eventDir, e);
        }
        final List<String> flags = new ArrayList<>(Arrays.asList("-XX:+UnlockDiagnosticVMOptions",
                "-XX:+LogCompilation", "-XX:LogFile=" + eventDir.resolve(COMPILATION_LOG)));
        if (javaMajor <= 8) {
            flags.addAll(Arrays.asList("-Xloggc:" + eventDir.resolve(GC_LOG), "-XX:+PrintGCApplicationStoppedTime",
                    "-XX:+PrintGCTimeStamps"));
        } else {
            flags.add("-Xlog:safepoint=info,gc=info:file=" + eventDir.resolve(SAFEPOINT_LOG) + ":uptimenanos,tags");
        }
        return flags;
    }

    /** The log files named by this JVM's own arguments, whoever put them there. */
    static LogFiles found(final List<String> jvmArguments) {
        final LogFiles files = new LogFiles();
        for (final String argument : jvmArguments) {
            if (argument.startsWith("-XX:LogFile=") && jvmArguments.contains("-XX:+LogCompilation")) {
                files.compilation = Paths.get(argument.substring("-XX:LogFile=".length()));
            } else if (argument.startsWith("-Xloggc:")) {
                files.gc = Paths.get(argument.substring("-Xloggc:".length()));
            } else if (argument.startsWith("-Xlog:") && argument.contains("safepoint") && argument.contains("file=")) {
                final String rest = argument.substring(argument.indexOf("file=") + "file=".length());
                files.safepoints = Paths.get(rest.contains(":") ? rest.substring(0, rest.indexOf(':')) : rest);
            }
        }
        return files;
    }

    /**
     * Compilations ({@code nmethod}) and deoptimisations ({@code uncommon_trap}) from a LogCompilation file; JDK 8
     * logs a pthread handle, not the native id, so there ({@code nativeThreadIds} false) the thread is unknown.
     */
    public static List<JvmEvent> parseCompilationLog(final Reader log, final long vmStartEpochMillis,
                                                     final Map<String, String> threadNames,
                                                     final boolean nativeThreadIds) throws IOException {
        final List<JvmEvent> events = new ArrayList<>();
        final BufferedReader lines = new BufferedReader(log);
        String line;
        Map<String, String> trap = null;
        while ((line = lines.readLine()) != null) {
            if (line.startsWith("<nmethod ")) {
                final Map<String, String> a = attributes(line);
                if (a.containsKey("stamp") && a.containsKey("method") && !"c2n".equals(a.get("compile_kind"))) {
                    events.add(new JvmEvent(micros(vmStartEpochMillis, a.get("stamp")), JvmEvent.COMPILATION,
                            method(a.get("method")), intOr(a.get("level")), a.get("compile_kind"), null,
                            JvmEvent.UNAVAILABLE, JvmEvent.UNAVAILABLE));
                }
            } else if (line.startsWith("<uncommon_trap thread=")) {
                trap = line.endsWith("/>") ? null : attributes(line);
            } else if (trap != null && line.startsWith("<jvms ")) {
                final Map<String, String> jvms = attributes(line);
                final String thread = nativeThreadIds
                        ? threadNames.getOrDefault(trap.get("thread"), trap.get("thread")) : null;
                events.add(new JvmEvent(micros(vmStartEpochMillis, trap.get("stamp")), JvmEvent.DEOPTIMIZATION,
                        method(jvms.get("method")), intOr(trap.get("level")),
                        trap.get("reason") + "/" + trap.get("action") + " bci " + jvms.get("bci"), thread,
                        JvmEvent.UNAVAILABLE, JvmEvent.UNAVAILABLE));
                trap = null;
            }
        }
        return events;
    }

    /**
     * Safepoints and GC pauses from JDK 9+'s {@code -Xlog:safepoint,gc} file written with uptimenanos, or from JDK
     * 8's -Xloggc file (its safepoints without a VM operation: JDK 8 prints that only to stdout).
     */
    public static List<JvmEvent> parseSafepointLog(final Reader log, final long vmStartEpochMillis) throws IOException {
        final List<JvmEvent> events = new ArrayList<>();
        final BufferedReader lines = new BufferedReader(log);
        String line;
        String operation = null;
        while ((line = lines.readLine()) != null) {
            final Matcher unified = UNIFIED_STAMP.matcher(line);
            final Matcher gc8 = GC8_STAMP.matcher(line);
            final boolean isUnified = unified.matches();
            if (!isUnified && !gc8.matches()) {
                continue;
            }
            final long atMicros = isUnified ? vmStartEpochMillis * 1000 + Long.parseLong(unified.group(1)) / 1000
                    : micros(vmStartEpochMillis, gc8.group(1));
            final String message = isUnified ? unified.group(3) : gc8.group(2);
            Matcher m;
            if ((m = STOPPED.matcher(message)).find()) {
                final long total = secondsToNanos(m.group(1));
                events.add(new JvmEvent(atMicros - total / 1000, JvmEvent.SAFEPOINT, operation, -1, null, null,
                        total, secondsToNanos(m.group(2))));
                operation = null;
            } else if (!isUnified) {
                if ((m = GC8_PAUSE.matcher(message)).find()) {
                    events.add(new JvmEvent(atMicros, JvmEvent.GC, m.group(1), -1, m.group(2), null,
                            secondsToNanos(m.group(3)), JvmEvent.UNAVAILABLE));
                }
            } else if ((m = ENTERING.matcher(message)).find()) {
                operation = m.group(1);
            } else if ((m = SAFEPOINT_13.matcher(message)).find()) {
                final long total = Long.parseLong(m.group(3));
                events.add(new JvmEvent(atMicros - total / 1000, JvmEvent.SAFEPOINT, m.group(1), -1, null, null,
                        total, Long.parseLong(m.group(2))));
            } else if (unified.group(2).equals("gc") && (m = UNIFIED_GC_PAUSE.matcher(message)).find()) {
                final long pause = (long) (Double.parseDouble(m.group(4)) * 1e6);
                events.add(new JvmEvent(atMicros - pause / 1000, JvmEvent.GC, m.group(1), -1, causes(m.group(2)),
                        null, pause, JvmEvent.UNAVAILABLE));
            }
        }
        return events;
    }

    /** " (Normal) (G1 Evacuation Pause)" to "Normal; G1 Evacuation Pause". */
    private static String causes(final String parenthesised) {
        final List<String> causes = new ArrayList<>();
        final Matcher m = CAUSES.matcher(parenthesised);
        while (m.find()) {
            causes.add(m.group(1));
        }
        return causes.isEmpty() ? null : String.join("; ", causes);
    }

    /** "java/lang/String equals (Ljava/lang/Object;)Z" (8) or with dots (11) to "java.lang.String::equals". */
    static String method(final String logged) {
        if (logged == null) {
            return null;
        }
        final String[] parts = logged.replace("&lt;", "<").replace("&gt;", ">").split(" ");
        return parts[0].replace('/', '.') + (parts.length > 1 ? "::" + parts[1] : "");
    }

    private static Map<String, String> attributes(final String element) {
        final Map<String, String> attributes = new java.util.HashMap<>();
        final Matcher m = ATTRIBUTE.matcher(element);
        while (m.find()) {
            attributes.put(m.group(1), m.group(2));
        }
        return attributes;
    }

    private static long micros(final long vmStartEpochMillis, final String seconds) {
        return vmStartEpochMillis * 1000 + Math.round(Double.parseDouble(seconds) * 1e6);
    }

    private static long secondsToNanos(final String seconds) {
        return Math.round(Double.parseDouble(seconds) * 1e9);
    }

    private static int intOr(final String value) {
        try {
            return value == null ? -1 : Integer.parseInt(value);
        } catch (final NumberFormatException e) {
            return -1;
        }
    }

    /** The log files this JVM writes; any may be null. */
    static final class LogFiles {
        Path compilation;
        Path safepoints;
        Path gc;
    }
}
