package io.fastestjvm;

import java.util.Collections;
import java.util.Properties;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.benchmark.BenchmarkRun;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.HelpFlag;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.SettingsTable;
import io.fastestjvm.control.ChildOutput;
import io.fastestjvm.control.ControlLink;
import io.fastestjvm.launch.ChildJvm;
import io.fastestjvm.launch.JvmFlags;
import io.fastestjvm.timeline.JvmTimeline;

/**
 * Entry point of {@code mvn exec:java@QueuePerformance}, set by {@code qp.*} properties (docs/settings.md). With
 * qp.fork (the default) this JVM only checks the settings and runs the benchmark in a fresh JVM of its own.
 */
public final class QueuePerformance {
    private QueuePerformance() {
    }

    public static void main(final String[] args) throws Exception {
        final int exitCode = run(args);
        if (exitCode != BenchmarkResult.PASSED) {
            // exec:java runs in Maven's JVM: exiting is the only way to hand Maven a non-zero code.
            System.exit(exitCode);
        }
    }

    /** The fork of this JVM: its Java home and {@value JvmFlags#ENV}'s flags. */
    public static ChildJvm fork() {
        return new ChildJvm(System.getProperty("java.home"), JvmTimeline.javaMajor(), JvmFlags.profile(),
                QueuePerformance.class.getName());
    }

    /** The only argument taken is --help (or -h). */
    static int run(final String[] args) throws Exception {
        // Chronicle would otherwise report usage over the network and write ~/.chronicle.analytics.*.
        System.setProperty("chronicle.analytics.disable", "true");
        // JNA (used by OpenHFT affinity) unpacks its native library into ~/.cache/JNA unless told otherwise.
        System.getProperties().putIfAbsent("jna.tmpdir", System.getProperty("java.io.tmpdir"));
        // `mvn -q` sets slf4j-simple's default level to error, hiding Chronicle's and affinity's warnings
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.net.openhft", "warn");
        final boolean forked = System.getProperty(ChildJvm.FORKED) != null;
        if (forked) {
            ControlLink.watchParent(System.err);
            return ChildJvm.serve(() -> outcome(args, true));
        }
        return outcome(args, false).exitCode();
    }

    private static BenchmarkResult outcome(final String[] args, final boolean forked) throws Exception {
        // a forked JVM got QP_JVM_FLAGS as real flags; a launching one reads their qp.* settings to check them
        final Properties given = forked ? System.getProperties() : JvmFlags.settingsSeen(System.getProperties());
        final BenchmarkOptions options;
        try {
            // before anything runs: no fork, no queue, no results folder
            if (HelpFlag.asked(args) || BenchmarkOptions.helpAsked(given)) {
                System.out.print(SettingsTable.help());
                return ended(BenchmarkResult.PASSED);
            }
            options = BenchmarkOptions.fromProperties(given);
        } catch (final InvalidSettingException e) {
            System.err.println("error: " + e.getMessage());
            return ended(BenchmarkResult.INVALID_SETTING);
        }
        if (!forked && options.fork()) {
            return fork().run(JvmFlags.qpOnly(System.getProperties()),
                    ChildOutput.forwardedTo(System.out, System.err), System.err, 0);
        }
        if (!forked && !JvmFlags.profile().isEmpty()) {
            System.err.println("[qp] qp.fork=false: measuring in this JVM, whose flags are not those of "
                    + JvmFlags.ENV + " (only its qp.* settings apply)");
        }
        return new BenchmarkRun(options, System.out, System.err).execute();
    }

    /** A run that ended before measuring: nothing was written. */
    private static BenchmarkResult ended(final int exitCode) {
        return new BenchmarkResult(exitCode, null, Collections.<String>emptyList());
    }
}
