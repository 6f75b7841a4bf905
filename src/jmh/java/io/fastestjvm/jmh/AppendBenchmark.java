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

import io.fastestjvm.message.PreparedMessage;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Appending one 256-byte message, exactly as the benchmark's producer does (prepare the message, stamp, then the same
 * document context and a copy of the prepared words),
 * back to back on one thread with nobody reading. Each iteration gets a fresh queue, deleted after it, so /dev/shm
 * holds at most one iteration's messages (short iterations keep that to a few hundred MB).
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class AppendBenchmark {
    private final PreparedMessage message = new PreparedMessage(BenchmarkQueues.SIZE);
    private File directory;
    private SingleChronicleQueue queue;
    private ExcerptAppender appender;
    private long sequence;

    @Setup(Level.Iteration)
    public void openFreshQueue() throws IOException {
        directory = BenchmarkQueues.freshDirectory();
        queue = BenchmarkQueues.open(directory, 64L << 20);
        appender = queue.createAppender();
    }

    @Benchmark
    public void appendOneMessage() {
        message.prepare(sequence);
        final long actualSendNanos = System.nanoTime();
        try (DocumentContext document = appender.writingDocument()) {
            message.writeStamped(document.wire().bytes(), sequence, actualSendNanos);
        }
        sequence++;
    }

    @TearDown(Level.Iteration)
    public void deleteQueue() {
        appender.close();
        queue.close();
        BenchmarkQueues.delete(directory);
    }
}
