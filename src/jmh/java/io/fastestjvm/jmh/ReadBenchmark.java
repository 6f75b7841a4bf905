package io.fastestjvm.jmh;

import java.io.File;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.fastestjvm.message.MessageCodec;
import io.fastestjvm.message.PreparedMessage;
import io.fastestjvm.message.ReceivedMessage;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reading one 256-byte message with a tailer, exactly as the benchmark's consumer does (header into a reused
 * holder), from a queue filled in advance with {@link #MESSAGES} messages. At the end the tailer goes back to the
 * start: one rewind per million reads, counted as a read.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class ReadBenchmark {
    static final int MESSAGES = 1_000_000;

    private final ReceivedMessage message = new ReceivedMessage();
    private File directory;
    private SingleChronicleQueue queue;
    private ExcerptTailer tailer;

    @Setup(Level.Trial)
    public void fillQueue() throws IOException {
        directory = BenchmarkQueues.freshDirectory();
        queue = BenchmarkQueues.open(directory, 512L << 20);
        final PreparedMessage prepared = new PreparedMessage(BenchmarkQueues.SIZE);
        try (ExcerptAppender appender = queue.createAppender()) {
            for (long sequence = 0; sequence < MESSAGES; sequence++) {
                prepared.prepare(sequence);
                try (DocumentContext document = appender.writingDocument()) {
                    prepared.writeStamped(document.wire().bytes(), sequence, System.nanoTime());
                }
            }
        }
        tailer = queue.createTailer();
    }

    @Benchmark
    public long readOneMessage() {
        try (DocumentContext document = tailer.readingDocument()) {
            if (document.isPresent()) {
                MessageCodec.readHeader(document.wire().bytes(), message);
                return message.sequence;
            }
        }
        tailer.toStart();
        return -1;
    }

    @TearDown(Level.Trial)
    public void deleteQueue() {
        tailer.close();
        queue.close();
        BenchmarkQueues.delete(directory);
    }
}
