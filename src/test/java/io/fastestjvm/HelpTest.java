package io.fastestjvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.config.Setting;
import io.fastestjvm.config.Settings;
import io.fastestjvm.config.SettingsTable;

/**
 * {@code -Dqp.help=true} lists every setting with its default, accepted values and meaning and exits 0 before
 * anything runs: no forked JVM, no queue directory, no results folder. A bad value of it is an error like any other.
 */
class HelpTest {
    @TempDir
    Path temp;

    @Test
    void helpListsEverySettingAndRunsNothing() throws Exception {
        final File queues = Files.createDirectories(temp.resolve("queues")).toFile();
        final File results = temp.resolve("results").toFile();
        final CapturedRun run = CapturedRun.of("qp.help", "true", "qp.fork", "true", "qp.queueDir", queues.getPath(),
                "qp.resultsDir", results.getPath());

        assertEquals(BenchmarkResult.PASSED, run.exitCode);
        assertEquals(SettingsTable.help(), run.out);
        for (final Setting setting : Settings.ACCEPTED) {
            assertTrue(run.out.contains(setting.name() + " (default: "), setting.name());
        }
        assertTrue(run.out.contains("accepted: 1 to 50000000 msg/s"), run.out);
        assertEquals("", run.err, "nothing launched, nothing warned");
        assertFalse(results.exists(), "no results folder");
        assertEquals(0, queues.list().length, "no queue directory");
    }

    @Test
    void helpAsAnArgumentPrintsTheSameAndRunsNothing() throws Exception {
        final File results = temp.resolve("results").toFile();
        final CapturedRun run = CapturedRun.withArguments(new String[] {"--help"}, "qp.fork", "true",
                "qp.resultsDir", results.getPath());
        assertEquals(BenchmarkResult.PASSED, run.exitCode);
        assertEquals(SettingsTable.help(), run.out);
        assertFalse(results.exists(), "no results folder");
    }

    @Test
    void aBadHelpValueIsOneLineAndExitTwo() throws Exception {
        final CapturedRun run = CapturedRun.of("qp.help", "yes");
        assertEquals(BenchmarkResult.INVALID_SETTING, run.exitCode);
        assertEquals("error: qp.help: \"yes\" is not true or false; accepted: true or false\n", run.err);
        assertEquals("", run.out);
    }
}
