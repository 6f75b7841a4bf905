package io.fastestjvm.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import io.fastestjvm.recording.AllocationMeter;
import org.junit.jupiter.api.Test;

/**
 * A literal resolved by {@link StringLiterals} costs its first user nothing; one left alone allocates its String
 * then, which is what a C2 compilation request does for every literal of the class, on the requesting thread.
 */
class StringLiteralsTest {
    @Test
    void aResolvedLiteralAllocatesNothingWhenFirstUsed() {
        assertEquals(0, Resolved.initialize(), "initialized (so linked), its literal not used yet");
        final int[] counts = StringLiterals.resolve(Collections.singletonList(Resolved.class));
        assertEquals(1, counts[0], "classes visited");
        assertEquals(1, counts[1], "the fixture's one literal");
        final AllocationMeter meter = new AllocationMeter();
        meter.start();
        final String literal = Resolved.literal();
        meter.stop();
        assertEquals(0, meter.allocatedBytes(), "first use of " + literal);
    }

    @Test
    void aLiteralLeftAloneAllocatesItsStringWhenFirstUsed() {
        final AllocationMeter meter = new AllocationMeter();
        meter.start();
        final String literal = LeftAlone.literal();
        meter.stop();
        assertTrue(meter.allocatedBytes() >= 24 + literal.length(), "the String and its bytes: "
                + meter.allocatedBytes() + " B");
    }

    @Test
    void skipsAClassNotInitializedYet() throws ClassNotFoundException {
        final Class<?> loadedOnly = Class.forName(StringLiteralsTest.class.getName() + "$LoadedOnly", false,
                getClass().getClassLoader());
        assertEquals(Arrays.asList(0, 0), Arrays.asList(StringLiterals.resolve(Collections.singletonList(loadedOnly))[0],
                StringLiterals.resolve(Collections.singletonList(loadedOnly))[1]), "its pool may not be linked: not read");
    }

    @Test
    void findsOnlyTheClassesAlreadyLoadedAndLoadsNone() {
        final String neverUsed = StringLiteralsTest.class.getPackage().getName() + ".StringLiteralsNeverUsed";
        final List<Class<?>> loaded = StringLiterals.loadedClasses(getClass().getClassLoader(),
                Arrays.asList(Resolved.class.getName(), neverUsed, "no.such.Type"));
        assertEquals(Collections.singletonList(Resolved.class), loaded);
        assertEquals(Collections.emptyList(), StringLiterals.loadedClasses(getClass().getClassLoader(),
                Collections.singletonList(neverUsed)), "asking did not load it");
    }

    @Test
    void namesTheClassesOfTheClassPathsDirectoriesAndJars() {
        final List<String> names = StringLiterals.classPathNames();
        assertTrue(names.contains(StringLiterals.class.getName()), "target/classes");
        assertTrue(names.contains("net.openhft.chronicle.queue.impl.single.StoreAppender"), "a jar");
    }

    static final class Resolved {
        static int initialize() {
            return 0;
        }

        static String literal() {
            return "StringLiteralsTest resolved fixture 7f1c2d9e";
        }
    }

    static final class LeftAlone {
        static String literal() {
            return "StringLiteralsTest fixture left alone 3a8b5e01";
        }
    }

    /** Loaded by the test, never initialized. */
    static final class LoadedOnly {
        static String literal() {
            return "StringLiteralsTest fixture loaded only 5d2e9c47";
        }
    }
}

/** Referenced by name only; not a nested class, which JUnit would load while looking for tests. */
final class StringLiteralsNeverUsed {
}
