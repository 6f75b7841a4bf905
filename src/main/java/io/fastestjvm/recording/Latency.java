package io.fastestjvm.recording;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** The latency definitions every run records, each the two timestamps it subtracts; adding one is one entry here. */
public enum Latency {
    /** Receive minus the producer's actual send stamp: what the article measured. */
    ACTUAL_SEND("actual-send", "actualSend", "actual send", false),
    /** Receive minus the scheduled send time: free of coordinated omission. */
    INTENDED_SEND("intended-send", "intendedSend", "intended send", true);

    /** Every definition, in the order runs record, print and store them. */
    public static final List<Latency> ALL = Collections.unmodifiableList(Arrays.asList(values()));

    private final String fileStem;
    private final String title;
    private final String key;
    private final boolean fromIntendedSend;

    Latency(final String fileStem, final String key, final String title, final boolean fromIntendedSend) {
        this.fileStem = fileStem;
        this.title = title;
        this.key = key;
        this.fromIntendedSend = fromIntendedSend;
    }

    /** The latency in ns of one message; allocation-free, called on the consumer's hot path. */
    public long of(final long receivedNanos, final long actualSendNanos, final long intendedSendNanos) {
        return receivedNanos - (fromIntendedSend ? intendedSendNanos : actualSendNanos);
    }

    /** The stem of the .hgrm/.hlog files and the console's name ({@code actual-send}). */
    public String fileStem() {
        return fileStem;
    }

    /** The key in summary.json ({@code latency.actualSend}). */
    public String key() {
        return key;
    }

    public String title() {
        return title;
    }

    /** The definition whose summary key or file stem is {@code name}, or null. */
    public static Latency named(final String name) {
        return ALL.stream().filter(latency -> latency.key.equals(name) || latency.fileStem.equals(name)).findFirst()
                .orElse(null);
    }
}
