package io.fastestjvm.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.audit.EnvironmentAudit.AuditWarning;

/** The audit reads a fake /proc and /sys tree: each machine state below is known, and so are its warnings. */
class EnvironmentAuditTest {
    @TempDir
    Path root;

    private void write(final String path, final String text) throws IOException {
        final Path file = root.resolve(path.substring(1));
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    private static BitSet cpus(final int... ids) {
        final BitSet set = new BitSet();
        for (final int id : ids) {
            set.set(id);
        }
        return set;
    }

    /** A tuned bare-metal box: 16 CPUs, 2-8 isolated, performance governor, THP madvise, turbo off, idle. */
    private void tunedMachine() throws IOException {
        write("/sys/devices/system/cpu/isolated", "2-8\n");
        write("/proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda1 isolcpus=2-8 nohz_full=2-8 rcu_nocbs=2-8 quiet\n");
        for (int cpu = 0; cpu < 16; cpu++) {
            write("/sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor", "performance\n");
        }
        write("/sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
        write("/sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
        write("/sys/kernel/mm/transparent_hugepage/defrag", "always defer defer+madvise [madvise] never\n");
        write("/proc/cpuinfo", "processor\t: 0\nmodel name\t: AMD Ryzen 9 5950X\nflags\t\t: fpu vme de pse tsc msr\n");
        write("/sys/class/dmi/id/sys_vendor", "ASUS\n");
        write("/sys/class/dmi/id/product_name", "System Product Name\n");
        write("/proc/loadavg", "0.02 0.05 0.01 1/512 4242\n");
        write("/proc/stat", "cpu  1000 0 500 90000 10 0 5 0 0 0\ncpu0 100 0 50 9000 1 0 0 0 0 0\n");
        write("/sys/devices/system/cpu/online", "0-15\n");
    }

    /** This machine, as it really looked: a 2-vCPU KVM guest in a container, nothing tuned, loaded. */
    private void busyVirtualMachine() throws IOException {
        write("/sys/devices/system/cpu/isolated", "\n");
        write("/proc/cmdline", "console=ttyS0 quiet reboot=k panic=1 nomodule\n");
        write("/sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
        write("/sys/kernel/mm/transparent_hugepage/defrag", "[always] defer defer+madvise madvise never\n");
        write("/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme de pse tsc msr hypervisor lahf_lm\n");
        write("/proc/loadavg", "1.90 1.20 0.80 3/236 20793\n");
        write("/proc/stat", "cpu  2000 0 700 50000 10 0 5 120 0 0\n");
        write("/sys/devices/system/cpu/online", "0-1\n");
        for (int cpu = 0; cpu < 2; cpu++) {
            write("/sys/devices/system/cpu/cpu" + cpu + "/online", "1\n");
        }
    }

    private EnvironmentAudit.AuditReport audit(final String vm, final BitSet benchmark, final BitSet usable)
            throws InterruptedException {
        return new EnvironmentAudit(new SystemFiles(root), vm, "none", 0)
                .audit(benchmark, usable, 2, root.toFile());
    }

    private static List<String> checksWarned(final EnvironmentAudit.AuditReport report) {
        final List<String> names = new ArrayList<>();
        for (final AuditWarning warning : report.warnings) {
            names.add(warning.check);
        }
        return names;
    }

    @Test
    void aTunedMachineRaisesNoWarningAboutIt() throws Exception {
        tunedMachine();
        final BitSet usable = new BitSet();
        usable.set(0, 16);
        final EnvironmentAudit.AuditReport report = audit("none", cpus(2, 4), usable);
        final List<String> warned = checksWarned(report);
        warned.remove("storage"); // the fixture's temp directory is whatever file system the build runs on
        assertEquals(new ArrayList<String>(), warned);
        @SuppressWarnings("unchecked")
        final Map<String, Object> isolation = (Map<String, Object>) report.checks.get("cpuIsolation");
        assertEquals("2-8", isolation.get("isolatedCpus"));
        assertEquals("2-8", isolation.get("nohz_full"));
        assertEquals(true, isolation.get("benchmarkCpusIsolated"));
        @SuppressWarnings("unchecked")
        final Map<String, Object> thp = (Map<String, Object>) report.checks.get("transparentHugePages");
        assertEquals("madvise", thp.get("enabled"));
        @SuppressWarnings("unchecked")
        final Map<String, Object> turbo = (Map<String, Object>) report.checks.get("turbo");
        assertEquals("off", turbo.get("turbo"));
    }

    @Test
    void aBusyUntunedVirtualMachineGetsEveryWarningWithItsFix() throws Exception {
        busyVirtualMachine();
        final EnvironmentAudit.AuditReport report = audit("kvm", cpus(0, 1), cpus(0, 1));
        final List<String> warned = checksWarned(report);
        for (final String check : new String[] {"cpuIsolation", "transparentHugePages", "virtualisation", "cpuCount",
                "load"}) {
            assertTrue(warned.contains(check), check + " in " + warned);
        }
        assertFalse(warned.contains("frequencyGovernor"), "no governor exposed: nothing to warn about");
        for (final AuditWarning warning : report.warnings) {
            assertFalse(warning.fix.isEmpty(), warning.check);
        }
        assertTrue(find(report, "cpuIsolation").fix.contains("isolcpus=0-1 nohz_full=0-1 rcu_nocbs=0-1"));
        assertTrue(find(report, "virtualisation").problem.contains("KVM"));
        assertTrue(report.warnings.stream().anyMatch(w -> w.fix.equals(
                "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled")));
        assertTrue(find(report, "load").problem.startsWith("load average 1.90 on 2 CPUs"));
        @SuppressWarnings("unchecked")
        final Map<String, Object> governor = (Map<String, Object>) report.checks.get("frequencyGovernor");
        assertEquals("not exposed", governor.get("scalingGovernors"));
        @SuppressWarnings("unchecked")
        final Map<String, Object> virt = (Map<String, Object>) report.checks.get("virtualisation");
        assertEquals(true, virt.get("cpuinfoHypervisorFlag"));
        assertNull(virt.get("dmiSysVendor"));
    }

    @Test
    void aPowersaveGovernorOnABenchmarkCpuIsFlagged() throws Exception {
        tunedMachine();
        write("/sys/devices/system/cpu/cpu4/cpufreq/scaling_governor", "powersave\n");
        write("/sys/devices/system/cpu/cpu9/cpufreq/scaling_governor", "powersave\n");
        final BitSet usable = new BitSet();
        usable.set(0, 16);
        final AuditWarning warning = find(audit("none", cpus(2, 4), usable), "frequencyGovernor");
        assertTrue(warning.problem.contains("cpu4 powersave"), warning.problem);
        assertFalse(warning.problem.contains("cpu9"), "CPU 9 runs no benchmark thread");
        assertEquals("cpupower frequency-set -g performance", warning.fix);
    }

    @Test
    void benchmarkCpusOutsideTheIsolatedSetAreFlagged() throws Exception {
        tunedMachine();
        final BitSet usable = new BitSet();
        usable.set(0, 16);
        final AuditWarning warning = find(audit("none", cpus(2, 12), usable), "cpuIsolation");
        assertTrue(warning.problem.startsWith("CPUs 12 run the benchmark but are not isolated"), warning.problem);
    }

    @Test
    void otherProcessesCpuTimeIsTheMachinesLessOurs() throws Exception {
        write("/proc/stat", "cpu  1000 0 500 90000 10 0 0 0 0 0\n");
        write("/proc/self/stat", "100 (java) S 1 100 100 0 -1 4194560 0 0 0 0 50 10 0 0 20 0 30 0\n");
        final LoadSample before = LoadSample.read(new SystemFiles(root));
        // one second later: the machine did 150 ticks of work, 40 of them ours; the comm may hold ") "
        write("/proc/stat", "cpu  1100 0 550 90050 10 0 0 7 0 0\n");
        write("/proc/self/stat", "100 (my (odd) name) S 1 100 100 0 -1 4194560 0 0 0 0 80 20 0 0 20 0 30 0\n");
        final LoadSample after = LoadSample.read(new SystemFiles(root));
        final Map<String, Object> others = LoadSample.othersBetween(before, after, 1.0);
        assertEquals(1.5, (Double) others.get("machineBusyCpus"), 1e-9);
        assertEquals(0.4, (Double) others.get("thisProcessBusyCpus"), 1e-9);
        assertEquals(1.1, (Double) others.get("otherProcessesBusyCpus"), 1e-9);
        assertEquals(7, CpuTimes.read(new SystemFiles(root)).stealTicks);
        assertEquals(190, EnvironmentAudit.parseHundredths("1.90"));
        assertEquals(700, EnvironmentAudit.parseHundredths("7"));
        assertEquals("1.90", EnvironmentAudit.formatHundredths(190));
        assertEquals("0.05", EnvironmentAudit.formatHundredths(5));
    }

    @Test
    void threadContextSwitchesComeFromTheTaskStatus() throws Exception {
        write("/proc/self/task/321/status", "Name:\tqp-consumer\nvoluntary_ctxt_switches:\t12\n"
                + "nonvoluntary_ctxt_switches:\t345\n");
        assertEquals(345, new SystemFiles(root).involuntarySwitches(321));
        assertEquals(-1, new SystemFiles(root).involuntarySwitches(999));
        assertEquals(-1, new SystemFiles(root).involuntarySwitches(-1));
    }

    @Test
    void parsesBootParametersAndSelectedModes() {
        assertEquals("2-8", EnvironmentAudit.bootParameter("ro isolcpus=2-8 quiet", "isolcpus"));
        assertNull(EnvironmentAudit.bootParameter("ro quiet", "isolcpus"));
        assertEquals("never", EnvironmentAudit.selected("always madvise [never]"));
        assertNull(EnvironmentAudit.selected(null));
        assertNotNull(SystemFiles.live().root());
    }

    private static AuditWarning find(final EnvironmentAudit.AuditReport report, final String check) {
        return report.warnings.stream().filter(w -> w.check.equals(check)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + check + " warning in " + report.warnings));
    }
}
