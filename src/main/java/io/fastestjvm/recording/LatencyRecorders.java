package io.fastestjvm.recording;

import io.fastestjvm.message.ReceivedMessage;

/** One {@link LatencyRecorder} per {@link Latency}, in {@link Latency#ALL}'s order. */
public final class LatencyRecorders implements LatencySink {
    private final Latency[] definitions = Latency.ALL.toArray(new Latency[0]);
    private final LatencyRecorder[] recorders = new LatencyRecorder[definitions.length];

    public LatencyRecorders(final int runs, final int samplesPerRun) {
        for (int i = 0; i < definitions.length; i++) {
            recorders[i] = new LatencyRecorder(definitions[i].fileStem(), runs, samplesPerRun);
        }
    }

    public LatencyRecorder get(final Latency definition) {
        return recorders[definition.ordinal()];
    }

    public void beginRun(final int run) {
        for (final LatencyRecorder recorder : recorders) {
            recorder.beginRun(run);
        }
    }

    /** Records one message under every definition; the consumer's hot path, so allocation-free. */
    @Override
    public void record(final ReceivedMessage message) {
        for (int i = 0; i < recorders.length; i++) {
            recorders[i].record(definitions[i].of(message.receivedNanos, message.actualSendNanos,
                    message.intendedSendNanos));
        }
    }

    /** The recorders, in {@link Latency#ALL}'s order (a copy). */
    public LatencyRecorder[] all() {
        return recorders.clone();
    }
}
