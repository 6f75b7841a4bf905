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
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Appending one 256-byte message, exactly as the benchmark's producer does (same codec, same document context),
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
    private final MessageCodec codec = new MessageCodec(BenchmarkQueues.SIZE);
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
        try (DocumentContext document = appender.writingDocument()) {
            codec.write(document.wire().bytes(), sequence, sequence);
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
