package io.fastestjvm.recording;

import io.fastestjvm.message.ReceivedMessage;

/**
 * Where the receive loop puts each message it received in order: the single run's recorders
 * ({@link LatencyRecorders}), a comparison slice's histograms. On the hot path, so allocation-free.
 */
public interface LatencySink {
    void record(ReceivedMessage message);
}
