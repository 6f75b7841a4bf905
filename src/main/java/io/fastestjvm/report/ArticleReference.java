package io.fastestjvm.report;

/**
 * The figures Chronicle Software published in "Which is the fastest JVM?" (Peter Lawrey's benchmark of persisted
 * inter-thread messaging over Chronicle Queue): THEIR machine, a Ryzen 9 5950X with isolated cores, not ours.
 * Quoted only to set our figures beside theirs, and always labelled as theirs.
 */
final class ArticleReference {
    static final String SOURCE = "Chronicle Software, \"Which is the fastest JVM?\"";
    static final String MACHINE = "Ryzen 9 5950X, isolated cores";

    /** JVM, median (ns), 99.99% (ns) as printed in the article. */
    static final String[][] FIGURES = {
        {"JDK 8", "280", "3,951"},
        {"JDK 11", "370", "4,210"},
        {"JDK 17", "290", "4,041"},
        {"GraalVM CE 17", "310", "3,950"},
        {"GraalVM EE 17", "270", "just under 3,950 (cut off in our copy)"},
    };

    private ArticleReference() {
    }
}
