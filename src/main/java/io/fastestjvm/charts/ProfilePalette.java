package io.fastestjvm.charts;

import java.awt.Color;
import java.util.Arrays;
import java.util.List;

import io.fastestjvm.config.FlagSets;

/**
 * One fixed colour per JVM profile (and transport) in every chart, so a reader learns once that orange is JDK 17.
 * Unknown profiles get a colour derived from their name, stable from run to run.
 */
public final class ProfilePalette {
    private static final List<String> KNOWN = Arrays.asList(
            "jdk8", "jdk11", "jdk17", "jdk21", "jdk25", "jdk17-graaljit", "jdk21-graaljit", "jdk25-graaljit",
            "jdk11-graaljit");
    /** The names these profiles had before jvm-profiles/profiles.tsv renamed them; published sets still use them. */
    private static final List<String> OLD_NAMES = Arrays.asList(
            "jdk8", "jdk11", "jdk17", "jdk21", "jdk25", "graalvm-ce17", "graalvm-ce21", "graalvm-ce25",
            "graalvm-jit11");
    private static final List<String> TRANSPORTS = Arrays.asList("chronicle", "floor", "agrona", "disruptor",
            "in-memory");
    private static final Color[] COLOURS = {
        new Color(0x1F77B4), // jdk8: blue
        new Color(0x2CA02C), // jdk11: green
        new Color(0xFF7F0E), // jdk17: orange
        new Color(0x9467BD), // jdk21: purple
        new Color(0xD62728), // jdk25: red
        new Color(0x8C564B), // jdk17-graaljit (was graalvm-ce17): brown
        new Color(0xE377C2), // jdk21-graaljit (was graalvm-ce21): pink
        new Color(0x17BECF), // jdk25-graaljit (was graalvm-ce25): cyan
        new Color(0xBCBD22), // jdk11-graaljit (was graalvm-jit11): olive
    };
    private static final Color[] TRANSPORT_COLOURS = {
        new Color(0x1F77B4), // chronicle (transport): blue
        new Color(0x7F7F7F), // floor: grey
        new Color(0x2CA02C), // agrona: green
        new Color(0xD62728), // disruptor: red
        new Color(0x9467BD), // in-memory: purple
    };

    private ProfilePalette() {
    }

    public static Color colour(final String profile) {
        if (FlagSets.tuned(profile)) { // the tuned flag set (run-matrix.sh --flags tuned): its JVM's colour, lighter
            final Color base = colour(FlagSets.jvm(profile));
            return new Color((base.getRed() + 255) / 2, (base.getGreen() + 255) / 2, (base.getBlue() + 255) / 2);
        }
        final int known = known(profile);
        if (known >= 0) {
            return COLOURS[known];
        }
        final int transport = TRANSPORTS.indexOf(profile);
        if (transport >= 0) {
            return TRANSPORT_COLOURS[transport];
        }
        // A hue from the name; saturation and brightness fixed so it stays readable on white.
        final float hue = (profile.hashCode() & 0x7fffffff) % 360 / 360f;
        return Color.getHSBColor(hue, 0.65f, 0.75f);
    }

    /** Sort key: known profiles in palette order (oldest JDK first), then the rest. */
    public static int order(final String profile) {
        final int known = known(FlagSets.jvm(profile));
        return known >= 0 ? known : KNOWN.size();
    }

    private static int known(final String profile) {
        final int current = KNOWN.indexOf(profile);
        return current >= 0 ? current : OLD_NAMES.indexOf(profile);
    }
}
