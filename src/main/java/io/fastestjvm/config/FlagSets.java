package io.fastestjvm.config;

/** Which flag set a profile ran with: {@code --flags tuned} runs are under {@code <profile>-tuned}. */
public final class FlagSets {
    public static final String TUNED_SUFFIX = "-tuned";

    private FlagSets() {
    }

    public static boolean tuned(final String profile) {
        return profile.endsWith(TUNED_SUFFIX);
    }

    /** The JVM the profile runs: the name without its flag-set suffix. */
    public static String jvm(final String profile) {
        return tuned(profile) ? profile.substring(0, profile.length() - TUNED_SUFFIX.length()) : profile;
    }
}
