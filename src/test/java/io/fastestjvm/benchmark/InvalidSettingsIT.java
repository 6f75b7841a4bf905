package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Scanner;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.ChildProcesses;
import io.fastestjvm.QueuePerformance;

/**
 * A bad setting in a real process (a child JVM): one line naming it, exit code 2, and nothing written.
 */
@ExtendWith(ChildProcesses.class)
// sized to the run, about 3x: a child JVM that refuses its setting: seconds; it waits up to 60 s for it
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InvalidSettingsIT {
    @TempDir
    Path temp;

    @Test
    void aRealProcessWithABadSettingExitsTwoAndWritesNothing() throws Exception {
        final File results = temp.resolve("results").toFile();
        final Process process = java("-Dqp.rate=0", "-Dqp.resultsDir=" + results);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "process did not end");
        final String stderr = read(process.getErrorStream());
        assertEquals(2, process.exitValue(), stderr);
        assertEquals("error: qp.rate: 0 is out of range; accepted: 1 to 50000000 msg/s\n", stderr);
        assertFalse(results.exists(), "no results folder may be created");
    }

    private static Process java(final String... properties) throws IOException {
        final List<String> command = new ArrayList<>();
        command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        for (final String property : properties) {
            command.add(property);
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(QueuePerformance.class.getName());
        return ChildProcesses.start(new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE));
    }

    private static String read(final InputStream in) {
        try (Scanner scanner = new Scanner(in, StandardCharsets.UTF_8.name())) {
            return scanner.useDelimiter("\\A").hasNext() ? scanner.next() : "";
        }
    }
}
