package io.fastestjvm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class JvmFlagsTest {
    @Test
    void theBaseFlagsAreThoseOfMvnJvmConfig() throws Exception {
        final String file = new String(Files.readAllBytes(Paths.get(".mvn", "jvm.config")), StandardCharsets.UTF_8);
        assertEquals(JvmFlags.split(file), JvmFlags.base());
        assertTrue(JvmFlags.base().contains("-Dchronicle.analytics.disable=true"), JvmFlags.base().toString());
    }

    @Test
    void flagListsSplitOnBlanksAndTheirLaterQpSettingWins() {
        final List<String> flags = JvmFlags.split("  -Xmx2g\t-Dqp.warmupSeconds=60 -XX:+UseG1GC\n"
                + "-Dqp.profile=graalvm-ce21 -Dqp.warmupSeconds=90 -Dother=1 ");
        assertEquals(Arrays.asList("-Xmx2g", "-Dqp.warmupSeconds=60", "-XX:+UseG1GC", "-Dqp.profile=graalvm-ce21",
                "-Dqp.warmupSeconds=90", "-Dother=1"), flags);
        final Properties settings = JvmFlags.qpSettings(flags);
        assertEquals(2, settings.size(), settings.toString());
        assertEquals("90", settings.getProperty("qp.warmupSeconds"));
        assertEquals("graalvm-ce21", settings.getProperty("qp.profile"));
        assertEquals(Collections.emptyList(), JvmFlags.split(null));
        assertEquals(Collections.emptyList(), JvmFlags.split(" "));
    }

    @Test
    void theChildCommandPutsTheGivenSettingsAfterTheProfileAndNamesItsParent() {
        final List<String> command = new ChildJvm(Collections.singletonMap("qp.seconds", "3"), "some.Main").command();
        assertEquals(new File(System.getProperty("java.home"), "bin/java").getPath(), command.get(0));
        assertEquals(JvmFlags.base(), command.subList(1, 1 + JvmFlags.base().size()));
        final int setting = command.indexOf("-Dqp.seconds=3");
        assertTrue(setting > JvmFlags.base().size() + JvmFlags.profile().size(), command.toString());
        assertTrue(command.get(command.size() - 4).startsWith("-D" + ChildJvm.FORKED_BY + "="), command.toString());
        assertEquals(Arrays.asList("-cp", ChildJvm.classpath(), "some.Main"),
                command.subList(command.size() - 3, command.size()));
        assertTrue(command.contains("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")), command.toString());
    }
}
