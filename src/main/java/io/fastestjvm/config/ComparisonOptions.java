package io.fastestjvm.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.fastestjvm.transport.Transports;

/**
 * The interleaved comparison's settings ({@code qp.compare.*}, declared in {@link Settings#COMPARISON}), read and
 * checked in one place: the parent reads the plan from them, each warm child the slice's shape. Immutable.
 */
public final class ComparisonOptions {
    /** A variant: a name, the Java home it runs on (empty: the launching JVM's), and its JVM flags. */
    public static final class VariantSpec {
        public final String name;
        public final String javaHome;
        public final List<String> flags;

        VariantSpec(final String name, final String javaHome, final List<String> flags) {
            this.name = name;
            this.javaHome = javaHome;
            this.flags = Collections.unmodifiableList(flags);
        }
    }

    /** The given settings (a copy), checked by the constructor, which resolves the values below from them once. */
    private final Properties values;
    private final List<VariantSpec> variants;
    private final int queues;
    private final int warmupSlices;
    private final int steadySlices;
    private final long spinNanos;
    private final long spinEveryMessages;

    private ComparisonOptions(final Properties values) {
        this.values = (Properties) values.clone();
        variants = parseVariants(Settings.COMPARE_VARIANTS.raw(values));
        Settings.COMPARISON.forEach(setting -> setting.check(values));
        // a shared queue is one queue a JVM: unless qp.compare.queues is given too, it means 1 (as plans made before
        // qp.compare.queues existed mean)
        queues = sharedQueue() && !Settings.COMPARE_QUEUES.given(values) ? 1 : Settings.COMPARE_QUEUES.intValue(values);
        warmupSlices = warmupSlices(values, queues, sliceMillis());
        steadySlices = steadySlices(values, warmupSlices, sliceMillis());
        // the old name spun before every receive stamp: every message, unless the new N is given too
        if (Settings.INJECT_CONSUMER_SPIN_NANOS.given(values) || !Settings.COMPARE_RECEIVE_SPIN_NANOS.given(values)) {
            spinNanos = Settings.INJECT_CONSUMER_SPIN_NANOS.longValue(values);
            spinEveryMessages = Settings.INJECT_EVERY_MESSAGES.longValue(values);
        } else {
            spinNanos = Settings.COMPARE_RECEIVE_SPIN_NANOS.longValue(values);
            spinEveryMessages = Settings.INJECT_EVERY_MESSAGES.given(values)
                    ? Settings.INJECT_EVERY_MESSAGES.longValue(values) : 1;
        }
        checkSharedQueue(values);
    }

    /**
     * A comparison's warm-up bound unless {@code qp.warmupSeconds} is given: above a single run's, since its JVMs warm
     * up twice (qp.compare.recompile). Graal JIT profiles raise it (docs/findings/memory-draw.md).
     */
    public static final int WARMUP_SECONDS = 90;
    /** Quiet seconds in a row that end a comparison JVM's warm-up unless {@code qp.steadySeconds} is given. */
    public static final int STEADY_SECONDS = 5;
    /** The most warm-up slices, whatever qp.warmupSeconds and short slices give (the fewest: the old name's). */
    static final int MAX_WARMUP_SLICES = 3600;

    /**
     * {@code qp.warmupSeconds} in slices, at least one per queue (each has a quiet warm-up slice before any measured
     * one) and 5, at most {@link #MAX_WARMUP_SLICES}; or the old name's slices.
     */
    private static int warmupSlices(final Properties values, final int queues, final long sliceMillis) {
        if (!Settings.COMPARE_WARMUP_SLICES.given(values)) {
            final long slices = slices(values, Settings.WARMUP_SECONDS, WARMUP_SECONDS, sliceMillis);
            return (int) Math.max(Math.max(Settings.COMPARE_WARMUP_SLICES.min(), queues),
                    Math.min(MAX_WARMUP_SLICES, slices));
        }
        final int slices = Settings.COMPARE_WARMUP_SLICES.intValue(values);
        if (queues > slices) {
            throw Settings.COMPARE_QUEUES.invalid(queues + " is more than qp.compare.warmupSlices (" + slices
                    + "): every queue has a quiet warm-up slice before any measured slice");
        }
        return slices;
    }

    /**
     * The quiet slices in a row that end the warm-up: {@code qp.steadySeconds} (its comparison default unless given)
     * in slices, or the old name's; refused when given above the warm-up bound, a default lowered to it.
     */
    private static int steadySlices(final Properties values, final int warmupSlices, final long sliceMillis) {
        final boolean old = Settings.COMPARE_STEADY_SLICES.given(values);
        final long steady = old ? Settings.COMPARE_STEADY_SLICES.intValue(values)
                : slices(values, Settings.STEADY_SECONDS, STEADY_SECONDS, sliceMillis);
        if (steady > warmupSlices && (old || Settings.STEADY_SECONDS.given(values))) {
            throw (old ? Settings.COMPARE_STEADY_SLICES : Settings.STEADY_SECONDS).invalid("a comparison's " + steady
                    + " quiet slices in a row are more than its " + warmupSlices + " warm-up slices",
                    "1 to the warm-up's bound, here " + warmupSlices + " slices");
        }
        return (int) Math.min(steady, warmupSlices);
    }

    /** {@code seconds}' value (its comparison default unless given) in slices of qp.compare.sliceMillis, rounded up. */
    private static long slices(final Properties values, final Setting seconds, final int comparisonDefault,
                               final long sliceMillis) {
        final long millis = TimeUnit.SECONDS.toMillis(seconds.given(values) ? seconds.longValue(values)
                : comparisonDefault);
        return (millis + sliceMillis - 1) / sliceMillis;
    }

    /** One notice line for each old setting name in {@code given}: still read, under its new name from now on. */
    public static List<String> oldNameNotices(final Properties given) {
        return Stream.of(Settings.COMPARE_WARMUP_SLICES, Settings.COMPARE_STEADY_SLICES,
                Settings.COMPARE_RECEIVE_SPIN_NANOS).filter(old -> old.given(given)).map(old -> "notice: " + old.name()
                + " is still read: " + old.description()).collect(Collectors.toList());
    }

    /**
     * Index blocks a comparison's JVMs cross in their warm-up unless {@code qp.warmupIndexBlocks} is given: 2 voided
     * no measured slice and the 6 fewer than a single run's save a fifth of a block (docs/findings/interleaved.md).
     */
    public static final int SLICE_WARMUP_INDEX_BLOCKS = 2;

    /** {@code given} with the comparison's own defaults for the settings its JVMs share with a single run. */
    public static Properties withSliceDefaults(final Properties given) {
        final Properties effective = new Properties();
        given.stringPropertyNames().forEach(name -> effective.setProperty(name, given.getProperty(name)));
        if (!Settings.WARMUP_INDEX_BLOCKS.given(effective)) {
            effective.setProperty(Settings.WARMUP_INDEX_BLOCKS.name(), String.valueOf(SLICE_WARMUP_INDEX_BLOCKS));
        }
        return effective;
    }

    /** A shared queue is one Chronicle Queue a JVM: the parent makes one directory a block, read back by range. */
    private void checkSharedQueue(final Properties values) {
        if (!sharedQueue()) {
            return;
        }
        if (queues != 1) {
            throw Settings.COMPARE_SHARED_QUEUE.invalid("true needs qp.compare.queues=1, not " + queues);
        }
        final String transport = Settings.TRANSPORT.choice(values);
        if (!Transports.CHRONICLE.equals(transport)) {
            throw Settings.COMPARE_SHARED_QUEUE.invalid("true needs qp.transport=" + Transports.CHRONICLE + ", not "
                    + transport);
        }
    }

    /** Reads {@code qp.compare.*} from {@code properties}; anything unset takes its default. */
    public static ComparisonOptions fromProperties(final Properties properties) {
        return new ComparisonOptions(properties);
    }

    private static List<VariantSpec> parseVariants(final String raw) {
        final List<VariantSpec> list = new ArrayList<>();
        final Set<String> names = new HashSet<>();
        for (final String entry : raw.split(";")) {
            if (entry.trim().isEmpty()) {
                continue;
            }
            final int equals = entry.indexOf('=');
            final int bar = entry.indexOf('|');
            if (equals <= 0 || bar < equals) {
                throw Settings.COMPARE_VARIANTS.invalid("\"" + entry + "\" is not name=java-home|flags");
            }
            final String name = entry.substring(0, equals).trim();
            if (!name.matches("[A-Za-z0-9._#+-]{1,64}") || "-".equals(name) || !names.add(name)) {
                throw Settings.COMPARE_VARIANTS.invalid("variant name \"" + name + "\" is not a unique name of"
                        + " letters, digits and ._#+- (not a lone -)");
            }
            final List<String> flags = Arrays.stream(entry.substring(bar + 1).trim().split("\\s+"))
                    .filter(flag -> !flag.isEmpty()).collect(Collectors.toList());
            list.add(new VariantSpec(name, entry.substring(equals + 1, bar).trim(), flags));
        }
        return Collections.unmodifiableList(list);
    }

    /** Only the parent needs two or more; a child reads the slice's shape alone. */
    public ComparisonOptions requireVariants() {
        if (variants.size() < 2) {
            throw Settings.COMPARE_VARIANTS.invalid(variants.size() + " variant(s); a comparison needs 2 or more");
        }
        return this;
    }

    public List<VariantSpec> variants() {
        return variants;
    }

    public int blocks() {
        return Settings.COMPARE_BLOCKS.intValue(values);
    }

    public int cycles() {
        return Settings.COMPARE_CYCLES.intValue(values);
    }

    public long sliceMillis() {
        return Settings.COMPARE_SLICE_MILLIS.longValue(values);
    }

    public int resumeMessages() {
        return Settings.COMPARE_RESUME_MESSAGES.intValue(values);
    }

    public int warmupSlices() {
        return warmupSlices;
    }

    public int steadySlices() {
        return steadySlices;
    }

    /** qp.injectConsumerSpinNanos (or its old name's): the known difference a comparison's JVM injects. */
    public long spinNanos() {
        return spinNanos;
    }

    public long spinEveryMessages() {
        return spinEveryMessages;
    }

    public int queues() {
        return queues;
    }

    public boolean pauseIdle() {
        return Settings.COMPARE_PAUSE_IDLE.bool(values);
    }

    public boolean recompile() {
        return Settings.COMPARE_RECOMPILE.bool(values);
    }

    public boolean randomQueueOrder() {
        return "random".equals(Settings.COMPARE_QUEUE_ORDER.choice(values));
    }

    public long queueSeed() {
        return Settings.COMPARE_QUEUE_SEED.longValue(values);
    }

    public int renewEvery() {
        return Settings.COMPARE_RENEW_EVERY.intValue(values);
    }

    public boolean sharedQueue() {
        return Settings.COMPARE_SHARED_QUEUE.bool(values);
    }

    public long seed() {
        return Settings.COMPARE_SEED.longValue(values);
    }

    public boolean steinStop() {
        return "stein".equals(Settings.COMPARE_STOP.choice(values));
    }

    public boolean medianStop() {
        return "median".equals(Settings.COMPARE_STOP.choice(values));
    }

    public int targetPercent() {
        return Settings.COMPARE_TARGET_PERCENT.intValue(values);
    }

    public long maxMinutes() {
        return Settings.COMPARE_MAX_MINUTES.longValue(values);
    }

    public int maxVoidPercent() {
        return Settings.COMPARE_MAX_VOID_PERCENT.intValue(values);
    }

    public int maxOutsideCpuPercent() {
        return Settings.COMPARE_MAX_OUTSIDE_CPU_PERCENT.intValue(values);
    }

    /** Messages in one slice at {@code rate}, the unrecorded resume included. */
    public long sliceMessages(final long rate) {
        return Math.max(1, rate * sliceMillis() / 1000) + resumeMessages();
    }
}
