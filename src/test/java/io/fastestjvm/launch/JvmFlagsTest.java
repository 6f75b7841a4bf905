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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class JvmFlagsTest {
    @Test
    void theBaseFlagsAreThoseOfMvnJvmConfig() throws Exception {
        final String file = new String(Files.readAllBytes(Paths.get(".mvn", "jvm.config")), StandardCharsets.UTF_8);
        assertEquals(JvmFlags.split(file), JvmFlags.base());
        assertTrue(JvmFlags.base().contains("-Dchronicle.analytics.disable=true"), JvmFlags.base().toString());
    }

    @Test
    void surefiresCopyOfTheModuleFlagsIsInMvnJvmConfig() throws Exception {
        final String pom = new String(Files.readAllBytes(Paths.get("pom.xml")), StandardCharsets.UTF_8);
        final Matcher flags = Pattern.compile("<id>release-8</id>.*?<jvmConfigFlags>(.*?)</jvmConfigFlags>",
                Pattern.DOTALL).matcher(pom);
        assertTrue(flags.find(), "the release-8 profile's jvmConfigFlags");
        assertTrue(JvmFlags.base().containsAll(JvmFlags.split(flags.group(1))), "pom.xml jvmConfigFlags "
                + flags.group(1) + " drifted from .mvn/jvm.config " + JvmFlags.base());
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
    void theChildCommandPutsTheGivenSettingsAfterTheProfileAndMarksTheChild() {
        final List<String> command = ChildJvm.command(System.getProperty("java.home"), JvmFlags.profile(),
                Collections.singletonMap("qp.seconds", "3"), "some.Main", Collections.<String>emptyList());
        assertEquals(new File(System.getProperty("java.home"), "bin/java").getPath(), command.get(0));
        assertEquals(JvmFlags.base(), command.subList(1, 1 + JvmFlags.base().size()));
        final int setting = command.indexOf("-Dqp.seconds=3");
        assertTrue(setting > JvmFlags.base().size() + JvmFlags.profile().size(), command.toString());
        assertEquals("-D" + ChildJvm.FORKED + "=true", command.get(command.size() - 4));
        assertEquals(Arrays.asList("-cp", ChildJvm.classpath(), "some.Main"),
                command.subList(command.size() - 3, command.size()));
        assertTrue(command.contains("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")), command.toString());
    }
}
