package io.fastestjvm.results.model;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Where a run's figures came from ({@code provenance} in summary.json): the code's git commit, whether its tree had
 * changes outside {@code results/}, and the measured libraries' versions as loaded. What it cannot establish is
 * "unavailable" or null, never a guess.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({Provenance.GIT_COMMIT, Provenance.GIT_DIRTY, "libraries"})
public final class Provenance {
    public static final String UNAVAILABLE = "unavailable";
    /** The field names, which the fresh matrix's sessions use too. */
    public static final String GIT_COMMIT = "gitCommit";
    public static final String GIT_DIRTY = "gitDirty";
    static final Provenance NOT_RECORDED = new Provenance("not recorded (formatVersion 1)", null,
            Collections.<String, String>emptyMap());
    private static final long GIT_TIMEOUT_SECONDS = 10;
    /** Library name to a class it loads and the Maven coordinates of its jar. */
    private static final String[][] LIBRARIES = {
        {"chronicle-queue", "net.openhft.chronicle.queue.ChronicleQueue", "net.openhft", "chronicle-queue"},
        {"chronicle-core", "net.openhft.chronicle.core.Jvm", "net.openhft", "chronicle-core"},
        {"affinity", "net.openhft.affinity.Affinity", "net.openhft", "affinity"},
        {"HdrHistogram", "org.HdrHistogram.Histogram", "org.hdrhistogram", "HdrHistogram"},
    };

    public String gitCommit;
    /** Changes outside results/ (which runs write); null when unknown. */
    public Boolean gitDirty;
    /** Library name to the version loaded, or "unavailable". */
    public Map<String, String> libraries;

    public Provenance() {
    }

    public Provenance(final String gitCommit, final Boolean gitDirty, final Map<String, String> libraries) {
        this.gitCommit = gitCommit;
        this.gitDirty = gitDirty;
        this.libraries = libraries;
    }

    /** This process's provenance: git is asked in the project folder the classes were loaded from. */
    public static Provenance collect() {
        // the project folder: two up from target/classes, or one up from target/queue-latency.jar
        final File classes = location(Provenance.class);
        final File target = classes == null ? null : classes.getParentFile();
        final File project = target == null ? null : target.getParentFile();
        final String top = project == null || !new File(project, "pom.xml").isFile() ? null
                : git(project, "rev-parse", "--show-toplevel");
        // a copied jar inside some other repository must not borrow that repository's commit
        final String commit = top == null || !new File(top).getAbsoluteFile().equals(project.getAbsoluteFile())
                ? null : git(project, "rev-parse", "HEAD");
        final String status = commit == null ? null
                : git(project, "status", "--porcelain", "--", ".", ":(exclude)results");
        return new Provenance(commit == null ? UNAVAILABLE : commit,
                status == null ? null : !status.isEmpty(), libraries());
    }

    /** Each measured library's version as loaded, or "unavailable". */
    static Map<String, String> libraries() {
        final Map<String, String> versions = new LinkedHashMap<>();
        for (final String[] library : LIBRARIES) {
            String version = null;
            try {
                version = version(Class.forName(library[1], false, Provenance.class.getClassLoader()),
                        library[2], library[3]);
            } catch (final ClassNotFoundException | LinkageError e) {
                // not on the classpath: unavailable
            }
            versions.put(library[0], version == null ? UNAVAILABLE : version);
        }
        return Collections.unmodifiableMap(versions);
    }

    /** pom.properties in the class's jar, else its manifest's Bundle-Version or Implementation-Version. */
    static String version(final Class<?> type, final String groupId, final String artifactId) {
        final File jar = location(type);
        if (jar == null || !jar.isFile()) {
            return type.getPackage() == null ? null : type.getPackage().getImplementationVersion();
        }
        try (JarFile file = new JarFile(jar)) {
            final JarEntry pom = file.getJarEntry("META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties");
            if (pom != null) {
                final Properties properties = new Properties();
                try (InputStream in = file.getInputStream(pom)) {
                    properties.load(in);
                }
                if (properties.getProperty("version") != null) {
                    return properties.getProperty("version");
                }
            }
            final Manifest manifest = file.getManifest();
            if (manifest == null) {
                return null;
            }
            final Attributes main = manifest.getMainAttributes();
            final String bundle = main.getValue("Bundle-Version");
            return bundle != null ? bundle : main.getValue(Attributes.Name.IMPLEMENTATION_VERSION);
        } catch (final IOException e) {
            return null;
        }
    }

    private static File location(final Class<?> type) {
        final CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return new File(source.getLocation().toURI());
        } catch (final URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /** git's trimmed output, or null when git is missing, fails, or the folder is not in a work tree. */
    private static String git(final File folder, final String... arguments) {
        final List<String> command = new ArrayList<>(Arrays.asList("git", "-C", folder.getAbsolutePath()));
        command.addAll(Arrays.asList(arguments));
        File output = null;
        try {
            // into a file, not a pipe: reading a pipe would wait for git's end and the timeout would never fire
            output = File.createTempFile("qp-git", ".out");
            final Process process = new ProcessBuilder(command).redirectOutput(output)
                    .redirectError(ProcessBuilder.Redirect.to(new File("/dev/null"))).start();
            process.getOutputStream().close();
            if (!process.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0
                    ? new String(Files.readAllBytes(output.toPath()), StandardCharsets.UTF_8).trim() : null;
        } catch (final IOException e) {
            return null;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (output != null && !output.delete()) {
                output.deleteOnExit();
            }
        }
    }
}
