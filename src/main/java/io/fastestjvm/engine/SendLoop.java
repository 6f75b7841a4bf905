package io.fastestjvm.engine;

import io.fastestjvm.pacing.FixedRateSchedule;
import io.fastestjvm.transport.MessageSender;

/**
 * The one send loop of both designs: each message is prepared before its intended send time, then sent when due,
 * stamped with the clock reading that found it due (as JLBH's start time is the end of its wait); a late producer
 * sends at once and never shifts the schedule.
 */
public final class SendLoop {
    private SendLoop() {
    }

    /** Sends [{@code from}, {@code to}) on {@code schedule}; returns early, the rest unsent, once asked to stop. */
    public static void sendRange(final MessageSender sender, final FixedRateSchedule schedule, final long from,
                                 final long to, final Progress progress, final LoopControl control) {
        for (long sequence = from; sequence < to; sequence++) {
            if (control.stopRequested()) {
                return;
            }
            sender.prepare(sequence);
            final long intended = schedule.intendedSendTimeNanos(sequence);
            long actual;
            long turns = 0;
            // busy-spin rather than park: a park's wake-up is tens of microseconds
            while ((actual = System.nanoTime()) - intended < 0) {
                turns++;
            }
            sender.send(intended, actual);
            progress.reached(sequence + 1, turns);
        }
    }
}
