package io.fastestjvm.audit;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.environment.EnvironmentInfo;

/**
 * Before a run: reads the machine state that decides tail latency and warns, with a fix, of every condition known
 * to hurt it. Reads go through {@link SystemFiles}, so tests can feed a fake /proc and /sys.
 */
public final class EnvironmentAudit {
    /** summary.json's section for the audit, and its list of warnings. */
    public static final String SECTION = "environmentAudit";
    public static final String WARNINGS = "warnings";

    public static final long DEFAULT_LOAD_WINDOW_MILLIS = 200;
    static final double BUSY_OTHERS_WARNING_CPUS = 0.2;
    static final long LOAD_AVERAGE_WARNING_HUNDREDTHS = 50;

    private final SystemFiles files;
    private final String detectedVm;
    private final String detectedContainer;
    private final long loadWindowMillis;

    /** {@code detectedVm} and {@code detectedContainer}: what {@link #systemdDetectVirt} printed. */
    public EnvironmentAudit(final SystemFiles files, final String detectedVm, final String detectedContainer,
                            final long loadWindowMillis) {
        this.files = files;
        this.detectedVm = detectedVm;
        this.detectedContainer = detectedContainer;
        this.loadWindowMillis = loadWindowMillis;
    }

    public static EnvironmentAudit live() {
        return new EnvironmentAudit(SystemFiles.live(), systemdDetectVirt("--vm"), systemdDetectVirt("--container"),
                DEFAULT_LOAD_WINDOW_MILLIS);
    }

    /** {@code benchmarkCpus}: empty when unpinned; {@code cpusWanted}: threads that spin on a CPU of their own. */
    public AuditReport audit(final BitSet benchmarkCpus, final BitSet usableCpus, final int cpusWanted,
                             final File queueDirectory) throws InterruptedException {
        final Map<String, Object> checks = new LinkedHashMap<>();
        final List<AuditWarning> warnings = new ArrayList<>();
        isolation(benchmarkCpus, check(checks, "cpuIsolation"), warnings);
        governor(benchmarkCpus, check(checks, "frequencyGovernor"), warnings);
        turbo(check(checks, "turbo"), warnings);
        hugePages(check(checks, "transparentHugePages"), warnings);
        virtualisation(check(checks, "virtualisation"), warnings);
        cpuCount(usableCpus, cpusWanted, check(checks, EnvironmentInfo.CPU_COUNT), warnings);
        storage(queueDirectory, check(checks, "storage"), warnings);
        load(usableCpus.cardinality(), check(checks, "load"), warnings);
        return new AuditReport(checks, warnings);
    }

    /** A check's node in {@code checks}, which each check method fills. */
    private static Map<String, Object> check(final Map<String, Object> checks, final String name) {
        final Map<String, Object> node = new LinkedHashMap<>();
        checks.put(name, node);
        return node;
    }

    void isolation(final BitSet benchmarkCpus, final Map<String, Object> node, final List<AuditWarning> warnings) {
        final String isolated = files.firstLine("/sys/devices/system/cpu/isolated");
        final String cmdline = files.firstLine("/proc/cmdline");
        node.put(EnvironmentInfo.ISOLATED_CPUS, isolated);
        node.put("isolcpus", bootParameter(cmdline, "isolcpus"));
        node.put("nohz_full", bootParameter(cmdline, "nohz_full"));
        node.put("rcu_nocbs", bootParameter(cmdline, "rcu_nocbs"));
        final BitSet isolatedSet = parse(isolated);
        final BitSet notIsolated = (BitSet) benchmarkCpus.clone();
        notIsolated.andNot(isolatedSet);
        node.put("benchmarkCpus", ThreadAffinity.cpuList(benchmarkCpus));
        node.put("benchmarkCpusIsolated", !benchmarkCpus.isEmpty() && notIsolated.isEmpty());
        final String cpus = benchmarkCpus.isEmpty() ? "2-8" : ThreadAffinity.cpuList(benchmarkCpus);
        final String boot = "boot with isolcpus=" + cpus + " nohz_full=" + cpus + " rcu_nocbs=" + cpus;
        if (isolatedSet.isEmpty()) {
            warnings.add(new AuditWarning("cpuIsolation", "no isolated CPUs: the scheduler, timers and RCU callbacks"
                    + " run on the benchmark's CPUs", boot + " (the benchmark's CPUs; keep CPU 0 for the OS)"));
        } else if (!notIsolated.isEmpty()) {
            warnings.add(new AuditWarning("cpuIsolation", "CPUs " + ThreadAffinity.cpuList(notIsolated) + " run the"
                    + " benchmark but are not isolated (isolated: " + isolated + ")",
                    "pin to isolated CPUs with qp.producerCpu/qp.consumerCpu, or " + boot));
        }
    }

    void governor(final BitSet benchmarkCpus, final Map<String, Object> node, final List<AuditWarning> warnings) {
        final Map<String, String> governors = new LinkedHashMap<>();
        final List<String> slow = new ArrayList<>();
        for (final String cpu : files.list("/sys/devices/system/cpu", "cpu[0-9]*")) {
            final String governor = files.firstLine("/sys/devices/system/cpu/" + cpu + "/cpufreq/scaling_governor");
            if (governor != null) {
                governors.put(cpu, governor);
                final int index = Integer.parseInt(cpu.substring(3));
                if ((benchmarkCpus.isEmpty() || benchmarkCpus.get(index)) && !"performance".equals(governor)) {
                    slow.add(cpu + " " + governor);
                }
            }
        }
        node.put("scalingGovernors", governors.isEmpty() ? "not exposed" : governors);
        if (!slow.isEmpty()) {
            warnings.add(new AuditWarning("frequencyGovernor", "governor not performance (" + String.join(", ", slow)
                    + "): the CPU clocks down while idle and takes time to ramp up",
                    "cpupower frequency-set -g performance"));
        }
    }

    void turbo(final Map<String, Object> node, final List<AuditWarning> warnings) {
        final String noTurbo = files.firstLine("/sys/devices/system/cpu/intel_pstate/no_turbo");
        final String boost = files.firstLine("/sys/devices/system/cpu/cpufreq/boost");
        node.put("intelPstateNoTurbo", noTurbo == null ? "not exposed" : noTurbo);
        node.put("cpufreqBoost", boost == null ? "not exposed" : boost);
        final boolean on = "0".equals(noTurbo) || "1".equals(boost);
        node.put("turbo", noTurbo == null && boost == null ? "not exposed" : on ? "on" : "off");
        if (on) {
            warnings.add(new AuditWarning("turbo", "turbo boost is on: the clock varies with temperature and with"
                    + " how many cores are busy, so run-to-run figures drift", "0".equals(noTurbo)
                    ? "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo"
                    : "echo 0 > /sys/devices/system/cpu/cpufreq/boost"));
        }
    }

    void hugePages(final Map<String, Object> node, final List<AuditWarning> warnings) {
        final String enabled = selected(files.firstLine("/sys/kernel/mm/transparent_hugepage/enabled"));
        final String defrag = selected(files.firstLine("/sys/kernel/mm/transparent_hugepage/defrag"));
        node.put("enabled", enabled == null ? "not exposed" : enabled);
        node.put("defrag", defrag == null ? "not exposed" : defrag);
        if ("always".equals(enabled)) {
            warnings.add(new AuditWarning("transparentHugePages", "THP always: khugepaged compacts memory behind"
                    + " the benchmark's back and page faults can stall on it",
                    "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled"));
        }
        if ("always".equals(defrag)) {
            warnings.add(new AuditWarning("transparentHugePages", "THP defrag always: a page fault may stall on"
                    + " direct compaction", "echo defer+madvise > /sys/kernel/mm/transparent_hugepage/defrag"));
        }
    }

    void virtualisation(final Map<String, Object> node, final List<AuditWarning> warnings) {
        final boolean hypervisorFlag = files.lines("/proc/cpuinfo").stream().anyMatch(line -> line.startsWith("flags")
                && (" " + line.substring(line.indexOf(':') + 1) + " ").contains(" hypervisor "));
        final String vendor = files.firstLine("/sys/class/dmi/id/sys_vendor");
        final String product = files.firstLine("/sys/class/dmi/id/product_name");
        node.put("cpuinfoHypervisorFlag", hypervisorFlag);
        node.put("dmiSysVendor", vendor);
        node.put("dmiProductName", product);
        node.put("systemdDetectVirtVm", detectedVm == null ? "not available" : detectedVm);
        node.put("systemdDetectVirtContainer", detectedContainer == null ? "not available" : detectedContainer);
        final boolean vm = hypervisorFlag || detectedVm != null && !"none".equals(detectedVm);
        node.put("hypervisor", vm);
        node.put("container", detectedContainer != null && !"none".equals(detectedContainer));
        if (vm) {
            final String kind = detectedVm != null && !"none".equals(detectedVm)
                    ? detectedVm.toUpperCase(Locale.ROOT) : vendor != null ? vendor : "cpuinfo hypervisor flag";
            final String dmi = ((vendor == null ? "" : vendor) + " " + (product == null ? "" : product)).trim();
            warnings.add(new AuditWarning("virtualisation", "running under a hypervisor (" + kind
                    + (dmi.isEmpty() ? "" : ", " + dmi) + "): expect steal time and vCPU preemption in the tail",
                    "use bare metal or dedicated (pinned, not overcommitted) vCPUs"));
        }
    }

    void cpuCount(final BitSet usable, final int wanted, final Map<String, Object> node,
                  final List<AuditWarning> warnings) {
        node.put("usableCpus", usable.cardinality());
        node.put("usableCpuList", ThreadAffinity.cpuList(usable));
        node.put("spinningThreads", wanted);
        node.put(EnvironmentInfo.ONLINE_CPUS, files.firstLine("/sys/devices/system/cpu/online"));
        if (usable.cardinality() < wanted + 1) {
            warnings.add(new AuditWarning(EnvironmentInfo.CPU_COUNT, usable.cardinality() + " usable CPUs for " + wanted
                    + " spinning threads: the OS, JIT, GC and progress threads must share their CPUs",
                    "use a machine with at least " + (wanted + 2) + " CPUs (one left for the OS), or taskset the"
                            + " JVM to more CPUs"));
        }
    }

    void storage(final File queueDirectory, final Map<String, Object> node, final List<AuditWarning> warnings) {
        node.put("devShm", space(new File(files.root().toFile(), "dev/shm")));
        final Map<String, Object> queue = space(queueDirectory);
        final String type = EnvironmentInfo.fileSystemType(queueDirectory);
        queue.put("fileSystem", type);
        node.put(EnvironmentInfo.QUEUE_DIRECTORY, queue);
        if (type != null && !"tmpfs".equals(type)) {
            warnings.add(new AuditWarning("storage", "the queue is on " + type + ", not tmpfs: dirty-page"
                    + " writeback and page faults on the device show up as latency spikes",
                    "qp.queueDir=/dev/shm (as the article did)"));
        }
    }

    private static Map<String, Object> space(final File directory) {
        final Map<String, Object> node = new LinkedHashMap<>();
        node.put("path", directory.getAbsolutePath());
        node.put("exists", directory.isDirectory());
        node.put("totalBytes", directory.isDirectory() ? directory.getTotalSpace() : null);
        node.put("freeBytes", directory.isDirectory() ? directory.getUsableSpace() : null);
        return node;
    }

    void load(final int usableCpus, final Map<String, Object> node,
              final List<AuditWarning> warnings) throws InterruptedException {
        final String loadavg = files.firstLine("/proc/loadavg");
        node.put("loadavg", loadavg);
        final LoadSample before = LoadSample.read(files);
        final long start = System.nanoTime();
        TimeUnit.MILLISECONDS.sleep(loadWindowMillis);
        final LoadSample after = LoadSample.read(files);
        final double seconds = (System.nanoTime() - start) / 1e9;
        final Map<String, Object> others = LoadSample.othersBetween(before, after, seconds);
        node.putAll(others);
        final long load1 = loadavg == null ? 0 : parseHundredths(loadavg.split("\\s+")[0]);
        if (load1 > LOAD_AVERAGE_WARNING_HUNDREDTHS) {
            warnings.add(new AuditWarning("load", "load average " + formatHundredths(load1) + " on " + usableCpus
                    + " CPUs: other processes compete for the benchmark's CPUs",
                    "stop other work on this machine, or isolate the benchmark's CPUs (isolcpus)"));
        }
        final Object busy = others.get(LoadSample.OTHER_PROCESSES_BUSY_CPUS);
        if (busy instanceof Double && (Double) busy > BUSY_OTHERS_WARNING_CPUS) {
            warnings.add(new AuditWarning("load", "other processes kept "
                    + formatHundredths(Math.round((Double) busy * 100)) + " CPUs busy over the " + loadWindowMillis
                    + " ms before the run (/proc/stat busy time less this JVM's)",
                    "stop them (top -d 1 names them), or move them off the benchmark's CPUs (taskset, cgroup"
                            + " cpuset)"));
        }
    }

    /** The value of {@code name=} on the kernel command line, or null. */
    static String bootParameter(final String cmdline, final String name) {
        return cmdline == null ? null : Arrays.stream(cmdline.split("\\s+")).filter(word -> word.startsWith(name + "="))
                .map(word -> word.substring(name.length() + 1)).findFirst().orElse(null);
    }

    /** "always [madvise] never": "madvise". */
    static String selected(final String line) {
        if (line == null) {
            return null;
        }
        final int open = line.indexOf('[');
        final int close = line.indexOf(']', open + 1);
        return open >= 0 && close > open ? line.substring(open + 1, close) : line;
    }

    /**
     * "1.9" to 190, "7" to 700, "0.125" to 12 (truncated): hundredths without {@code Double.parseDouble} or
     * {@code %f}, which would initialise the JDK's floating-point conversion just before the benchmark threads start
     * (see {@link LoadSample}).
     */
    static long parseHundredths(final String decimal) {
        final int dot = decimal.indexOf('.');
        final long whole = Long.parseLong(dot < 0 ? decimal : decimal.substring(0, dot));
        return whole * 100 + (dot < 0 ? 0 : Long.parseLong((decimal.substring(dot + 1) + "00").substring(0, 2)));
    }

    /** 190 to "1.90", without {@code %f} as {@link #parseHundredths}. */
    static String formatHundredths(final long hundredths) {
        final long fraction = Math.abs(hundredths % 100);
        return (hundredths < 0 ? "-" : "") + Math.abs(hundredths / 100) + "." + (fraction < 10 ? "0" : "") + fraction;
    }

    private static BitSet parse(final String cpuList) {
        try {
            return cpuList == null || cpuList.isEmpty() ? new BitSet() : ThreadAffinity.parseCpuList(cpuList);
        } catch (final RuntimeException e) {
            return new BitSet();
        }
    }

    /** What systemd-detect-virt prints ("kvm", "docker", "none"), or null when it is not installed. */
    static String systemdDetectVirt(final String kind) {
        for (final String dir : new String[] {"/usr/bin", "/bin"}) {
            if (Files.isExecutable(Paths.get(dir, "systemd-detect-virt"))) {
                try {
                    final Process process = new ProcessBuilder(dir + "/systemd-detect-virt", kind)
                            .redirectErrorStream(true).start();
                    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                            StandardCharsets.UTF_8))) {
                        final String line = out.readLine();
                        process.waitFor(2, TimeUnit.SECONDS);
                        return line == null ? "none" : line.trim();
                    }
                } catch (final IOException e) {
                    return null;
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
        }
        return null;
    }

    public static final class AuditReport {
        public final Map<String, Object> checks;
        public final List<AuditWarning> warnings;

        AuditReport(final Map<String, Object> checks, final List<AuditWarning> warnings) {
            this.checks = Collections.unmodifiableMap(checks);
            this.warnings = Collections.unmodifiableList(warnings);
        }
    }

    /** A condition known to hurt tail latency, and what to do about it. Immutable. */
    public static final class AuditWarning {
        final String check;
        final String problem;
        final String fix;

        public AuditWarning(final String check, final String problem, final String fix) {
            this.check = check;
            this.problem = problem;
            this.fix = fix;
        }

        public Map<String, Object> toMap() {
            final Map<String, Object> map = new LinkedHashMap<>();
            map.put("check", check);
            map.put("problem", problem);
            map.put("fix", fix);
            return map;
        }

        @Override
        public String toString() {
            return "WARNING [" + check + "] " + problem + "\n         fix: " + fix;
        }
    }
}
