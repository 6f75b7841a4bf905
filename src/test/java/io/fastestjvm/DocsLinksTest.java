package io.fastestjvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every relative link in README.md and the docs resolves: to a file that exists and, with #anchor, to a heading. */
class DocsLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```[^\\n]*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} +(.+?) *$");

    @Test
    void everyRelativeLinkInReadmeAndDocsResolves() throws IOException {
        final List<Path> pages = new ArrayList<>(Arrays.asList(Paths.get("README.md"), Paths.get("jvm-profiles/README.md")));
        try (Stream<Path> docs = Files.list(Paths.get("docs"))) {
            pages.addAll(docs.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList()));
        }
        final List<String> broken = new ArrayList<>();
        for (final Path page : pages) {
            broken.addAll(brokenLinks(page));
        }
        assertEquals(new ArrayList<String>(), broken, "links that do not resolve");
    }

    @Test
    void aMissingFileOrHeadingIsReported(@TempDir final Path dir) throws IOException {
        Files.write(dir.resolve("a.md"), ("# Title\n\n## Two words\n\n[ok](b.md#the-target) [ok](#two-words)"
                + " [gone](missing.md) [bad](b.md#nowhere) [web](https://example.org/x) `[code](nope.md)`\n"
                + "```\n[fenced](nope.md)\n```\n").getBytes(StandardCharsets.UTF_8));
        Files.write(dir.resolve("b.md"), "# The target\n".getBytes(StandardCharsets.UTF_8));
        final List<String> broken = brokenLinks(dir.resolve("a.md"));
        assertEquals(2, broken.size(), broken.toString());
        assertTrue(broken.get(0).endsWith("missing.md") && broken.get(1).endsWith("b.md#nowhere"), broken.toString());
    }

    @Test
    void headingsBecomeGitHubAnchors() {
        assertEquals(new HashSet<>(Arrays.asList("warm-up-until-steady-state", "jmh-one-append-one-read",
                "settings", "settings-1")), anchors("## Warm-up: until steady state\n### JMH: one append, one read\n"
                + "# Settings\n## Settings\n"));
    }

    static List<String> brokenLinks(final Path page) throws IOException {
        final String text = CODE_SPAN.matcher(FENCE.matcher(read(page)).replaceAll("")).replaceAll("");
        final List<String> broken = new ArrayList<>();
        final Matcher link = LINK.matcher(text);
        while (link.find()) {
            final String target = link.group(1);
            if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                continue; // https:, mailto: and the like: not checked offline
            }
            final int hash = target.indexOf('#');
            final String file = hash < 0 ? target : target.substring(0, hash);
            final Path resolved = file.isEmpty() ? page : page.toAbsolutePath().getParent().resolve(file).normalize();
            if (!Files.exists(resolved)) {
                broken.add(page + ": " + target);
            } else if (hash >= 0 && resolved.toString().endsWith(".md")
                    && !anchors(read(resolved)).contains(target.substring(hash + 1))) {
                broken.add(page + ": " + target);
            }
        }
        return broken;
    }

    /** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    static Set<String> anchors(final String markdown) {
        final Set<String> anchors = new HashSet<>();
        final Map<String, Integer> seen = new HashMap<>();
        final Matcher heading = HEADING.matcher(FENCE.matcher(markdown).replaceAll(""));
        while (heading.find()) {
            final String slug = heading.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "")
                    .replace(' ', '-');
            final int count = seen.merge(slug, 1, Integer::sum);
            anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
        }
        return anchors;
    }

    private static String read(final Path path) throws IOException {
        return new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
    }
}
