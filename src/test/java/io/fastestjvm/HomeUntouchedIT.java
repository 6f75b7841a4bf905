package io.fastestjvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run writes nothing in the user's home: Chronicle's usage analytics would write ~/.chronicle.analytics.* and
 * JNA would unpack its native library into ~/.cache/JNA. A real run in a child JVM whose home is an empty folder.
 */
@ExtendWith(ChildProcesses.class)
// sized to the run, about 3x: a 1 s warm-up + 1 s run in a child JVM; it waits up to 3 min for the child itself
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 4, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HomeUntouchedIT {
    @TempDir
    Path temp;

    @Test
    void aRealRunLeavesTheHomeFolderEmpty() throws Exception {
        final Path home = Files.createDirectories(temp.resolve("home"));
        final List<String> command = new ArrayList<>();
        command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
        for (final String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!argument.startsWith("-Dchronicle.analytics") && !argument.startsWith("-Duser.home")) {
                command.add(argument); // the module flags, but not the analytics switch the code must set itself
            }
        }
        command.add("-Duser.home=" + home);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("-Dqp.seconds=1");
        command.add("-Dqp.warmupSeconds=1");
        command.add("-Dqp.rate=10000");
        command.add("-Dqp.queueDir=" + Files.createDirectories(temp.resolve("queue")));
        command.add("-Dqp.resultsDir=" + temp.resolve("results"));
        command.add(QueuePerformance.class.getName());
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(temp.resolve("run.log").toFile());
        builder.environment().put("HOME", home.toString());
        builder.environment().remove("XDG_CACHE_HOME");
        final Process run = ChildProcesses.start(builder);
        assertTrue(run.waitFor(3, TimeUnit.MINUTES), "run did not end");
        final String log = new String(Files.readAllBytes(temp.resolve("run.log")), "UTF-8");
        assertTrue(log.contains("results: "), log); // it ran to the end (its checks may fail on a 1 s warm-up)
        try (Stream<Path> files = Files.walk(home)) {
            assertEquals(1, files.count(), "files written in the home folder");
        }
    }
}
