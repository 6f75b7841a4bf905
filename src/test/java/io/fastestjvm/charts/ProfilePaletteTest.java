package io.fastestjvm.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.awt.Color;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class ProfilePaletteTest {
    private static final List<String> KNOWN = Arrays.asList("jdk8", "jdk11", "jdk17", "jdk21", "jdk25",
            "graalvm-ce17", "graalvm-ce21", "graalvm-ce25", "graalvm-jit11");

    @Test
    void everyKnownProfileHasItsOwnFixedColour() {
        final Set<Color> colours = new HashSet<>();
        for (final String profile : KNOWN) {
            colours.add(ProfilePalette.colour(profile));
        }
        assertEquals(KNOWN.size(), colours.size());
        assertEquals(new Color(0xFF7F0E), ProfilePalette.colour("jdk17"));
    }

    @Test
    void anUnknownProfileGetsTheSameColourEveryTimeAndNoKnownOne() {
        final Color colour = ProfilePalette.colour("zing21");
        assertEquals(colour, ProfilePalette.colour("zing21"));
        for (final String profile : KNOWN) {
            assertNotEquals(ProfilePalette.colour(profile), colour, profile);
        }
    }

    @Test
    void knownProfilesSortOldestFirstAndUnknownOnesAfter() {
        assertEquals(0, ProfilePalette.order("jdk8"));
        assertEquals(4, ProfilePalette.order("jdk25"));
        assertEquals(KNOWN.size(), ProfilePalette.order("zing21"));
    }

    @Test
    void transportsHaveTheirOwnColoursAndATunedProfileALighterShadeOfItsJvm() {
        final Set<Color> colours = new HashSet<>();
        for (final String transport : Arrays.asList("chronicle", "floor", "agrona", "disruptor", "in-memory")) {
            colours.add(ProfilePalette.colour(transport));
        }
        assertEquals(5, colours.size());
        final Color jdk17 = ProfilePalette.colour("jdk17");
        final Color tuned = ProfilePalette.colour("jdk17-tuned");
        assertNotEquals(jdk17, tuned);
        assertEquals((jdk17.getRed() + 255) / 2, tuned.getRed());
        assertEquals(ProfilePalette.order("jdk17"), ProfilePalette.order("jdk17-tuned"));
    }
}
