package io.fastestjvm.recording;

import io.fastestjvm.message.ReceivedMessage;

/** Where the receive loop puts each in-order message; on the hot path, so allocation-free. */
public interface LatencySink {
    void record(ReceivedMessage message);
}
