package io.fastestjvm.slice;

import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.recording.LatencySink;
import org.HdrHistogram.Histogram;

/**
 * A slice's two histograms as the receive loop's sink: every message from the slice's recorded start on, so the
 * unrecorded resume at its head runs the same loop and the same sink. Consumer thread only, until the slice ends.
 */
final class SliceHistograms implements LatencySink {
    final Histogram actualSend = LatencyRecorder.newHistogram();
    final Histogram intendedSend = LatencyRecorder.newHistogram();
    private long recordFrom;

    void reset(final long recordFrom) {
        actualSend.reset();
        intendedSend.reset();
        this.recordFrom = recordFrom;
    }

    @Override
    public void record(final ReceivedMessage message) {
        if (message.sequence >= recordFrom) {
            actualSend.recordValue(LatencyRecorder.inRange(message.receivedNanos - message.actualSendNanos));
            intendedSend.recordValue(LatencyRecorder.inRange(message.receivedNanos - message.intendedSendNanos));
        }
    }
}
