package io.fastestjvm.warmup;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.timeline.JvmCounters;

/**
 * Feeds {@link SteadyStateCriterion} once per paced second, on the producer between chunks: JIT events from
 * hsperfdata (else ms compiled, CompilationMXBean). JVM-wide: the harness's compilations can only lengthen it.
 */
public final class SteadyStateWatch {
    /** The summary.json section {@link #toMap} fills. */
    public static final String SUMMARY_SECTION = "steadyState";
    /** Its key: true when the warm-up ended at steady state, not at its bound. */
    public static final String REACHED = "reached";
    public static final String HSPERFDATA = "hsperfdata sun.ci.totalCompiles + sun.ci.totalInvalidates";
    public static final String COMPILATION_MX_BEAN = "CompilationMXBean.getTotalCompilationTime (ms)";
    public static final String NONE = "none (no JIT counter: the warm-up runs to its upper bound)";
    /** Graal compiles itself and speculates more: its quiet seconds were followed by deopts (docs/steady-state.md). */
    public static final String NONE_GRAAL = "none (Graal is the JIT: its quiet seconds proved no steady state;"
            + " the warm-up runs to its upper bound)";

    private final SteadyStateCriterion criterion;
    private final JvmCounters counters;
    private final CompilationMXBean jit;
    private final int fastSeconds;
    private final boolean graal;
    private volatile long consumerChunkBytes = SteadyStateCriterion.UNKNOWN;
    private long lastJit;

    public SteadyStateWatch(final int quietSeconds, final int pacedSeconds, final int fastSeconds) {
        this.criterion = new SteadyStateCriterion(quietSeconds, pacedSeconds, 0);
        this.graal = "true".equals(EnvironmentInfo.vmOption(EnvironmentInfo.USE_JVMCI_COMPILER));
        this.counters = graal ? null : JvmCounters.open();
        final CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
        this.jit = !graal && counters == null && bean != null && bean.isCompilationTimeMonitoringSupported() ? bean
                : null;
        this.fastSeconds = fastSeconds;
    }

    /** Which counter decides. */
    public String source() {
        return counters != null ? HSPERFDATA : jit != null ? COMPILATION_MX_BEAN : graal ? NONE_GRAAL : NONE;
    }

    /** Producer, as the paced stage begins: the baseline for its first second. */
    public void start() {
        lastJit = jitTotal();
    }

    /** Consumer, after each warm-up chunk: what its receive loop allocated in it (-1 unknown). */
    public void consumerChunk(final long bytes) {
        consumerChunkBytes = bytes;
    }

    /**
     * Producer, after each paced chunk, with its send loop's bytes; the consumer's are its last published chunk's.
     * Returns the paced seconds after which measurement starts, 0 while undecided.
     */
    public int secondDone(final long producerBytes) {
        final long total = jitTotal();
        final long events = total < 0 || lastJit < 0 ? SteadyStateCriterion.UNKNOWN : total - lastJit;
        lastJit = total;
        final long consumerBytes = consumerChunkBytes;
        final long bytes = producerBytes < 0 || consumerBytes < 0 ? Math.max(producerBytes, consumerBytes)
                : producerBytes + consumerBytes;
        return criterion.unit(events, bytes);
    }

    private long jitTotal() {
        if (counters != null) {
            final long compiles = counters.compilations();
            final long invalidations = counters.invalidations();
            return compiles < 0 || invalidations < 0 ? SteadyStateCriterion.UNKNOWN : compiles + invalidations;
        }
        return jit != null ? jit.getTotalCompilationTime() : SteadyStateCriterion.UNKNOWN;
    }

    public boolean reached() {
        return criterion.reached();
    }

    /** Warm-up second (counting the first stage's) at whose end steady state was reached, or null. */
    public Integer atSecond() {
        return criterion.reached() ? fastSeconds + criterion.reachedAt() : null;
    }

    public Map<String, Object> toMap(final long warmupMessages, final long indexBlockMessages) {
        final Map<String, Object> node = new LinkedHashMap<>();
        node.put(REACHED, reached());
        node.put("atSecond", atSecond());
        node.put("criterion", criterion.quietUnits() + " paced seconds in a row with no JIT compilation or"
                + " deoptimisation (JVM-wide) and 0 B allocated by the hot loops");
        node.put("jitCounter", source());
        node.put("fastStageSeconds", fastSeconds);
        node.put("pacedSeconds", criterion.units());
        node.put("warmupMessages", warmupMessages);
        node.put("indexBlocksCrossed", warmupMessages <= 0 ? 0 : (warmupMessages - 1) / indexBlockMessages);
        node.put("jitEventsPerPacedSecond", toList(criterion.jitEvents()));
        node.put("hotLoopBytesPerPacedSecond", toList(criterion.hotLoopBytes()));
        if (!reached()) {
            node.put("warning", warning());
        }
        return node;
    }

    private static List<Long> toList(final long[] values) {
        return Arrays.asList(Arrays.stream(values).boxed().toArray(Long[]::new));
    }

    public String warning() {
        if (counters == null && jit == null) {
            return "steady state not decided: " + source() + "; the measured window may hold compilations.";
        }
        return "steady state not reached: the warm-up ran to its upper bound (qp.warmupSeconds) without "
                + criterion.quietUnits() + " s in a row free of JIT activity and allocation; the measured window"
                + " may hold compilations. Raise qp.warmupSeconds.";
    }
}
