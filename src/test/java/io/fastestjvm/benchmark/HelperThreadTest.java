package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.fastestjvm.benchmark.MeasuredWindowEdges.HelperThread;

@Timeout(30)
class HelperThreadTest {
    @Test
    void runsEachTaskOnTheHelperAndReturnsOnceItIsDone() throws InterruptedException {
        final HelperThread helper = new HelperThread("test-helper", () -> false);
        final Thread thread = findThread("test-helper");
        final List<String> ranOn = new ArrayList<>();
        helper.runAndAwait(() -> ranOn.add(Thread.currentThread().getName()));
        helper.runAndAwait(() -> ranOn.add(Thread.currentThread().getName()));
        assertEquals(Arrays.asList("test-helper", "test-helper"), ranOn);
        helper.close();
        thread.join(10_000);
        assertFalse(thread.isAlive(), "the helper ended at close");
    }

    @Test
    void aStoppedRunNeitherWaitsForTheHelperNorKeepsIt() throws InterruptedException {
        final AtomicBoolean stop = new AtomicBoolean();
        final HelperThread helper = new HelperThread("test-stopped-helper", stop::get);
        final Thread thread = findThread("test-stopped-helper");
        stop.set(true);
        thread.join(10_000);
        assertFalse(thread.isAlive(), "the helper ended when the run stopped");
        final AtomicBoolean ran = new AtomicBoolean();
        helper.runAndAwait(() -> ran.set(true));
        assertFalse(ran.get(), "nothing runs once the run stopped");
    }

    private static Thread findThread(final String name) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no thread " + name));
    }
}
