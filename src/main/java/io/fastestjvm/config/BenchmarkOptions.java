package io.fastestjvm.config;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

import net.openhft.chronicle.queue.RollCycles;

import io.fastestjvm.transport.TransportEntry;
import io.fastestjvm.transport.TransportSpec;
import io.fastestjvm.transport.Transports;

/**
 * Immutable benchmark settings. Built from system properties ({@link #fromProperties}) or fluently in code
 * ({@code BenchmarkOptions.defaults().withRate(20_000).withSeconds(2)}); both paths go through the same checks.
 */
public final class BenchmarkOptions {
    /**
     * The least automatic rate of the warm-up's first stage: the default run's 400,000 msg/s. At a lower rate the
     * first stage crossed no index block and C2 compiled Chronicle's per-message paths in the measured window.
     */
    public static final long FAST_STAGE_MIN_RATE = 400_000;
    /**
     * The given settings, as a fork is told them, checked by the constructor; the values a setting's own check
     * does not settle are resolved below once, the others read from here.
     */
    private final Properties values;
    /** qp.warmupRate, resolved: 0 is 4 x qp.rate within its bounds. */
    private final long warmupRate;
    private final RollCycles rollCycle;
    private final String profile;
    private final String jitterCpu;
    private final int injectStallAtSecond;

    private BenchmarkOptions(final Properties values) {
        this.values = values;
        Settings.ALL.forEach(setting -> setting.check(values));
        // in table order; qp.rollCycle, qp.profile, qp.jitterCpu and qp.injectStallAtSecond are checked further here
        final long explicitWarmupRate = Settings.WARMUP_RATE.longValue(values);
        warmupRate = explicitWarmupRate > 0 ? explicitWarmupRate
                : Math.min(Settings.MAX_RATE, Math.max(FAST_STAGE_MIN_RATE, 4 * rate()));
        final String rollCycleName = Settings.ROLL_CYCLE.raw(values);
        try {
            rollCycle = RollCycles.valueOf(rollCycleName.toUpperCase(Locale.ROOT));
        } catch (final IllegalArgumentException e) {
            throw Settings.ROLL_CYCLE.invalid("\"" + rollCycleName + "\" is not a roll cycle");
        }
        profile = Settings.PROFILE.matching(values, "[A-Za-z0-9._-]{0,64}");
        jitterCpu = Settings.JITTER_CPU.matching(values, "auto|-1|[0-9]{1,4}");
        if (!"auto".equals(jitterCpu)) {
            Settings.JITTER_CPU.longIn(values, -1, Settings.MAX_CPU);
        }
        // only a stall that is asked for must fall inside the measured seconds
        final boolean stalls = injectProducerStallMillis() > 0 || injectConsumerStallMillis() > 0;
        injectStallAtSecond = (int) Settings.INJECT_STALL_AT_SECOND.longIn(values, 0,
                stalls ? seconds() * runs() - 1 : Integer.MAX_VALUE);
    }

    /** The published benchmark: every setting at its default. */
    public static BenchmarkOptions defaults() {
        return new BenchmarkOptions(new Properties());
    }

    /** Reads every {@code qp.*} setting from {@code properties}; anything unset takes its default. */
    public static BenchmarkOptions fromProperties(final Properties properties) {
        final Properties chosen = new Properties();
        Settings.ALL.stream().filter(setting -> setting.given(properties))
                .forEach(setting -> chosen.setProperty(setting.name(), properties.getProperty(setting.name())));
        rejectUnknown(properties);
        return new BenchmarkOptions(chosen);
    }

    /** {@code qp.help=true}: list the settings instead of running (a bad value is an error like any other). */
    public static boolean helpAsked(final Properties properties) {
        return Settings.HELP.bool(properties);
    }

    /** A misspelt {@code qp.*} name would otherwise silently run the defaults. */
    private static void rejectUnknown(final Properties properties) {
        for (final String name : properties.stringPropertyNames()) {
            if (name.startsWith("qp.") && Settings.ACCEPTED.stream().noneMatch(s -> s.name().equals(name))) {
                throw new InvalidSettingException(name, "unknown setting",
                        "one of " + Settings.ACCEPTED.stream().map(Setting::name).collect(Collectors.joining(", ")));
            }
        }
    }

    /** Any setting by its table entry, e.g. {@code withSetting(Settings.JITTER_PROBE, true)}. */
    public BenchmarkOptions withSetting(final Setting setting, final Object value) {
        final Properties copy = (Properties) values.clone();
        copy.setProperty(setting.name(), String.valueOf(value));
        return new BenchmarkOptions(copy);
    }

    public BenchmarkOptions withRate(final long messagesPerSecond) {
        return withSetting(Settings.RATE, messagesPerSecond);
    }

    public BenchmarkOptions withSize(final int bytes) {
        return withSetting(Settings.SIZE, bytes);
    }

    public BenchmarkOptions withWarmupSeconds(final int warmup) {
        return withSetting(Settings.WARMUP_SECONDS, warmup);
    }

    public BenchmarkOptions withSeconds(final int measured) {
        return withSetting(Settings.SECONDS, measured);
    }

    public BenchmarkOptions withResultsDir(final File parent) {
        return withSetting(Settings.RESULTS_DIR, parent.getPath());
    }

    public int producerCpu() {
        return Settings.PRODUCER_CPU.intValue(values);
    }

    public int consumerCpu() {
        return Settings.CONSUMER_CPU.intValue(values);
    }

    public boolean strictAffinity() {
        return Settings.STRICT_AFFINITY.bool(values);
    }

    public long rate() {
        return Settings.RATE.longValue(values);
    }

    public int size() {
        return Settings.SIZE.intValue(values);
    }

    public int warmupSeconds() {
        return Settings.WARMUP_SECONDS.intValue(values);
    }

    public int seconds() {
        return Settings.SECONDS.intValue(values);
    }

    public int runs() {
        return Settings.RUNS.intValue(values);
    }

    public File queueParent() {
        return new File(Settings.QUEUE_DIR.raw(values));
    }

    public File resultsParent() {
        return new File(Settings.RESULTS_DIR.raw(values));
    }

    public boolean keepQueue() {
        return Settings.KEEP_QUEUE.bool(values);
    }

    public boolean bare() {
        return Settings.BARE.bool(values);
    }

    public boolean jvmEvents() {
        return Settings.JVM_EVENTS.bool(values);
    }

    public int blockSizeMiB() {
        return Settings.BLOCK_SIZE_MIB.intValue(values);
    }

    public RollCycles rollCycle() {
        return rollCycle;
    }

    public String profile() {
        return profile;
    }

    public String jitterProbe() {
        return Settings.JITTER_PROBE.choice(values);
    }

    public String jitterCpu() {
        return jitterCpu;
    }

    public long jitterThresholdNanos() {
        return Settings.JITTER_THRESHOLD_NANOS.longValue(values);
    }

    public long injectProducerStallMillis() {
        return Settings.INJECT_PRODUCER_STALL_MILLIS.longValue(values);
    }

    public long injectConsumerStallMillis() {
        return Settings.INJECT_CONSUMER_STALL_MILLIS.longValue(values);
    }

    public int injectStallAtSecond() {
        return injectStallAtSecond;
    }

    public long injectConsumerSpinNanos() {
        return Settings.INJECT_CONSUMER_SPIN_NANOS.longValue(values);
    }

    public long injectEveryMessages() {
        return Settings.INJECT_EVERY_MESSAGES.longValue(values);
    }

    public String transport() {
        return Settings.TRANSPORT.choice(values);
    }

    /** The registry entry {@code qp.transport} names. */
    public TransportEntry transportEntry() {
        return Transports.named(transport());
    }

    /** The transport's sizes for this run (its message counts decide the chronicle block and the ring memory). */
    public TransportSpec transportSpec() {
        return Transports.spec(size(), rollCycle(), blockSizeMiB(), totalMessages(), warmupMessages());
    }

    public boolean fork() {
        return Settings.FORK.bool(values);
    }

    /** Messages per second in the warm-up's first stage (qp.warmupRate, resolved). */
    public long warmupRate() {
        return warmupRate;
    }

    public int warmupIndexBlocks() {
        return Settings.WARMUP_INDEX_BLOCKS.intValue(values);
    }

    public int steadySeconds() {
        return Settings.STEADY_SECONDS.intValue(values);
    }

    /** qp.warmupGc: whether the warm-up collects (System.gc()); when is StagePlan.edgesBefore's to say. */
    public boolean warmupGc() {
        return Settings.WARMUP_GC.bool(values);
    }

    /** qp.resolveLiterals: whether the warm-up resolves the loaded classes' string literals (warmup.StringLiterals). */
    public boolean resolveLiterals() {
        return Settings.RESOLVE_LITERALS.bool(values);
    }

    /** Messages one Chronicle index block covers (2^20 for FAST_DAILY); the tailer skips each block. */
    public long indexBlockMessages() {
        return (long) rollCycle.defaultIndexCount() * rollCycle.defaultIndexSpacing();
    }

    /** The warm-up's first stage: to cross qp.warmupIndexBlocks, at most half, so the paced stage has the rest. */
    public int fastWarmupSeconds() {
        final long crossing = (long) warmupIndexBlocks() * indexBlockMessages() + 1;
        final long needed = warmupIndexBlocks() == 0 ? 0 : (crossing + warmupRate() - 1) / warmupRate();
        return (int) Math.min(needed, warmupSeconds() / 2);
    }

    public long fastWarmupMessages() {
        return fastWarmupSeconds() * warmupRate();
    }

    /** The most warm-up messages a run can send: the first stage, then the paced stage to its upper bound. */
    public long warmupMessages() {
        return fastWarmupMessages() + rate() * (warmupSeconds() - fastWarmupSeconds());
    }

    public long messagesPerRun() {
        return rate() * seconds();
    }

    public long totalMessages() {
        return warmupMessages() + messagesPerRun() * runs();
    }

    /** Every setting with its effective value, in table order, for the start-up echo and summary.json. */
    public Map<String, String> effectiveValues() {
        return Settings.ALL.stream().collect(Collectors.toMap(Setting::name, setting -> setting.raw(values),
                (first, second) -> first, LinkedHashMap::new));
    }

    /** The settings given explicitly, by name: what a forked JVM must be told to run these options. */
    public Map<String, String> explicitValues() {
        return Settings.ALL.stream().filter(setting -> values.containsKey(setting.name())).collect(Collectors.toMap(
                Setting::name, setting -> values.getProperty(setting.name()), (first, second) -> first,
                LinkedHashMap::new));
    }
}
