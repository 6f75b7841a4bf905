package io.fastestjvm.timing;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * A count one thread publishes per message, alone on its cache lines: false sharing would cost whatever the JVM's
 * placement made it, so two JVMs of one build would differ. 128 bytes each side, as prefetchers pair lines.
 */
public final class PaddedCounter extends PaddedCounterValue {
    @SuppressWarnings("unused")
    private long p17, p18, p19, p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p30, p31, p32;

    /** Owner thread only; ordered, not volatile: no fence on the hot path. */
    public void publish(final long count) {
        VALUE.lazySet(this, count);
    }

    public long read() {
        return value;
    }
}

/** The left padding; HotSpot lays out a superclass's fields before its subclass's. */
abstract class PaddedCounterLeft {
    @SuppressWarnings("unused")
    private long p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16;
}

/** The value between the paddings. */
abstract class PaddedCounterValue extends PaddedCounterLeft {
    static final AtomicLongFieldUpdater<PaddedCounterValue> VALUE =
            AtomicLongFieldUpdater.newUpdater(PaddedCounterValue.class, "value");
    volatile long value;
}
