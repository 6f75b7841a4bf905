package io.fastestjvm.slice;

import io.fastestjvm.calibration.DelayInjection;
import io.fastestjvm.message.PreparedMessage;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.Transport;

/** A worker thread's objects, made by it (so they land where it allocates) and renewed with it. */
final class SliceWorkspace {
    private SliceWorkspace() {
    }

    /** The producer's: a sender per queue, each with its own message buffer ({@link PreparedMessage}). */
    static final class Producer {
        final MessageSender[] senders;

        Producer(final Transport[] transports) {
            senders = new MessageSender[transports.length];
            for (int i = 0; i < senders.length; i++) {
                senders[i] = transports[i].openSender();
            }
        }

        void close() {
            for (final MessageSender sender : senders) {
                if (sender != null) {
                    sender.close();
                }
            }
        }
    }

    /** The consumer's: a receiver per queue reading on where the previous stopped, its message, its histograms. */
    static final class Consumer {
        /** As the transports give them: drained of other JVMs' messages, asked where they stand, and closed. */
        final MessageReceiver[] unspun;
        /** As the hot loop polls them: with the receive spin ({@link DelayInjection#restampedAfterSpin}). */
        final MessageReceiver[] receivers;
        final ReceivedMessage message = new ReceivedMessage();
        final SliceHistograms histograms = new SliceHistograms();

        Consumer(final Transport[] transports, final long[] lastRead, final long spinNanos,
                 final long spinEveryMessages) {
            unspun = new MessageReceiver[transports.length];
            receivers = new MessageReceiver[transports.length];
            for (int i = 0; i < receivers.length; i++) {
                unspun[i] = transports[i].openReceiverAfter(lastRead[i]);
                receivers[i] = DelayInjection.restampedAfterSpin(unspun[i], spinNanos, spinEveryMessages);
            }
        }

        /** Notes in {@code lastRead} where each receiver stands, for the next consumer, and closes them. */
        void close(final long[] lastRead) {
            for (int i = 0; i < unspun.length; i++) {
                if (unspun[i] != null) {
                    lastRead[i] = unspun[i].lastRead();
                    unspun[i].close();
                }
            }
        }
    }
}
