package io.fastestjvm.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;

class PaddedCounterTest {
    private static final int LINES_EACH_SIDE = 128;

    @Test
    void theValueHasAHundredAndTwentyEightBytesOfPaddingOnEachSide() throws Exception {
        final long value = offset(PaddedCounterValue.class.getDeclaredField("value"));
        long highest = 0;
        for (final Field field : PaddedCounter.class.getDeclaredFields()) {
            highest = Math.max(highest, offset(field));
        }
        assertTrue(value >= LINES_EACH_SIDE, "value at offset " + value);
        assertTrue(highest + Long.BYTES - (value + Long.BYTES) >= LINES_EACH_SIDE,
                "value at " + value + ", last padding at " + highest);
    }

    /** The field's offset in its object, from the JVM itself (sun.misc.Unsafe, hidden from a release-8 compile). */
    private static long offset(final Field field) throws Exception {
        final Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
        final Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        final Method objectFieldOffset = unsafeClass.getMethod("objectFieldOffset", Field.class);
        return (Long) objectFieldOffset.invoke(theUnsafe.get(null), field);
    }

    @Test
    void readsWhatWasPublished() {
        final PaddedCounter counter = new PaddedCounter();
        assertEquals(0, counter.read());
        counter.publish(42);
        assertEquals(42, counter.read());
    }
}
