package io.fastestjvm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.ChildProcesses;

/**
 * jvm-profiles/profiles.tsv and its readers in jvm-profiles/lib (bash, run for real): the file is consistent (and a
 * planted inconsistency is caught), and a JDK is found the Maven-toolchains way (toolchains.xml, JAVA&lt;N&gt;_HOME).
 */
@ExtendWith(ChildProcesses.class)
// sized to the run, about 3x: bash running the profile scripts: ~2 s per test here
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JvmProfilesIT {
    @TempDir
    Path dir;

    @Test
    void theProfilesFileIsConsistent() throws Exception {
        assertEquals("", bash(new TreeMap<>(), "source jvm-profiles/lib/profiles.sh && qp_profiles_problems"));
    }

    @Test
    void aTunedFlagWithoutItsDocumentationOrOutsideItsJdksIsCaught() throws Exception {
        final Path planted = dir.resolve("profiles.tsv");
        Files.write(planted, ("profile\tjdk21\t-\t21\tc2\t-\talways\t-XX:-UseBiasedLocking -XX:+Undocumented\n"
                + "profile\tjdk17-tuned\t-\t17\tc2\t-\talways\t-\n"
                + "flag\t-XX:-UseBiasedLocking\t8-11\twhy\n").getBytes(StandardCharsets.UTF_8));
        final Map<String, String> env = new TreeMap<>();
        env.put("QP_PROFILES_FILE", planted.toString());
        assertEquals("jdk21: tuned flag -XX:-UseBiasedLocking exists on JDK 8-11, not 21\n"
                + "jdk21: tuned flag -XX:+Undocumented has no flag row\n"
                + "jdk17-tuned: a profile name must not end in -tuned (the matrix names tuned runs so)\n",
                bash(env, "source jvm-profiles/lib/profiles.sh && qp_profiles_problems"));
    }

    @Test
    void aProfileScriptThatHangsIsGivenUpOnInItsTime() throws Exception {
        final Path script = dir.resolve("jvm-profiles/lib/profile-env.sh");
        Files.createDirectories(script.getParent());
        // prints a line first: the answer must not be read before the bounded wait, where a hung script blocks it
        Files.write(script, "echo jdk17\nexec sleep 60\n".getBytes(StandardCharsets.UTF_8));
        final long start = System.nanoTime();
        final IOException e = assertThrows(IOException.class, () -> new JvmProfiles(dir.toFile(), 1).names("all"));
        assertTrue(e.getMessage().endsWith("gave no answer in 1 s"), e.getMessage());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "the wait was not bounded");
    }

    @Test
    void aJdkDeclaredInToolchainsXmlIsFound() throws Exception {
        final Path toolchains = dir.resolve("toolchains.xml");
        Files.write(toolchains, ("<toolchains>\n  <toolchain>\n    <type>jdk</type>\n"
                + "    <provides><version>17</version></provides>\n"
                + "    <configuration>\n      <jdkHome> " + jdk17() + " </jdkHome>\n    </configuration>\n"
                + "  </toolchain>\n</toolchains>\n").getBytes(StandardCharsets.UTF_8));
        final Map<String, String> env = new TreeMap<>();
        env.put("QP_TOOLCHAINS", toolchains.toString());
        env.put("QP_JDKS_DIR", dir.resolve("none").toString());
        assertEquals(Paths.get(jdk17()).toRealPath() + " toolchains.xml\n", bash(env,
                "source jvm-profiles/use.sh jdk17 2>/dev/null && echo \"$JAVA_HOME $QP_JVM_ORIGIN\""));
    }

    @Test
    void javaNHomeIsReadAsWellAsJdkNHome() throws Exception {
        final Map<String, String> env = new TreeMap<>();
        env.put("JAVA17_HOME", jdk17());
        assertEquals(jdk17() + " JAVA17_HOME\n", bash(env,
                "source jvm-profiles/use.sh jdk17 2>/dev/null && echo \"$JAVA_HOME $QP_JVM_ORIGIN\""));
        env.put("JAVA17_HOME", dir.resolve("not-a-jdk").toString());
        assertTrue(bash(env, "source jvm-profiles/use.sh jdk17 2>&1; echo rc=$?")
                .contains("JAVA17_HOME=" + dir.resolve("not-a-jdk") + " is not a JDK"));
    }

    @Test
    void aGraalVmDistributionIsFoundFromSdkmanOrGraalvmHomeAndRunsUnderItsOwnName() throws Exception {
        final Path sdkman = dir.resolve("home/.sdkman/candidates/java/21.0.2-graalce");
        fakeGraalVm(sdkman, "21.0.2");
        final Path other = dir.resolve("graalvm-17");
        fakeGraalVm(other, "17.0.9");
        final Map<String, String> env = new TreeMap<>();
        env.put("HOME", dir.resolve("home").toString());
        env.put("GRAALVM_HOME", other.toString());   // a GraalVM, but for JDK 17: not taken for graalvm21
        final String script = "source jvm-profiles/use.sh graalvm21 2>/dev/null && echo \"$JAVA_HOME|$QP_JVM_ORIGIN|"
                + "$QP_PROFILE|$QP_EXPECTS_GRAAL\" && echo \"$QP_JVM_FLAGS\"";
        final String[] out = bash(env, script).split("\n");
        assertEquals(sdkman.toRealPath() + "|" + sdkman.getParent() + "|graalvm21|true", out[0]);
        assertTrue(out[1].contains("-XX:+UseJVMCICompiler -Dqp.profile=graalvm21"), out[1]);
        assertTrue(!out[1].contains("upgrade-module-path"), "a GraalVM needs no Graal jars: " + out[1]);
        assertEquals(other + "|GRAALVM_HOME|graalvm17|true\n", bash(env, "source jvm-profiles/use.sh graalvm17 "
                + "2>/dev/null && echo \"$JAVA_HOME|$QP_JVM_ORIGIN|$QP_PROFILE|$QP_EXPECTS_GRAAL\""));
    }

    /** JDK 17's folder, derived from the running JDK (or JDK17_HOME): no install path is assumed. */
    private static String jdk17() {
        return Jdk17.home();
    }

    /** A folder that looks like a GraalVM to the profiles: a release file with GRAALVM_VERSION, java and javac. */
    private static void fakeGraalVm(final Path home, final String version) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Files.createSymbolicLink(home.resolve("bin/java"), Paths.get(jdk17(), "bin/java"));
        Files.createSymbolicLink(home.resolve("bin/javac"), Paths.get(jdk17(), "bin/javac"));
        Files.write(home.resolve("release"), ("JAVA_VERSION=\"" + version + "\"\nGRAALVM_VERSION=\"test\"\n")
                .getBytes(StandardCharsets.UTF_8));
    }

    /** Output of a bash script run in the project folder, with JDK17_HOME etc. cleared unless given. */
    private static String bash(final Map<String, String> env, final String script) throws IOException,
            InterruptedException {
        final ProcessBuilder builder = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true);
        builder.environment().keySet().removeIf(k -> k.matches("(JDK|JAVA)\\d+_HOME|GRAALVM.*_HOME|QP_.*"));
        builder.environment().putAll(env);
        final Process process = ChildProcesses.start(builder);
        final String out = read(process.getInputStream());
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        return out;
    }

    private static String read(final InputStream in) throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) > 0; ) {
            out.write(buffer, 0, n);
        }
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
}
