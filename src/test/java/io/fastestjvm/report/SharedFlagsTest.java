package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Per-run and per-session paths in JVM arguments are shown as placeholders; every other argument as it ran. */
class SharedFlagsTest {
    @Test
    void theEventLogsScratchDirectoryIsAPlaceholderWhereverItAppears() {
        assertEquals("-XX:LogFile=<run's event logs>/compilation.log",
                SharedFlags.placeholders("-XX:LogFile=/tmp/qp-jvm-events-22469-19955163488001/compilation.log"));
        assertEquals("-Xloggc:<run's event logs>/gc.log",
                SharedFlags.placeholders("-Xloggc:/tmp/qp-jvm-events-21716-19522104781793/gc.log"));
        assertEquals("-Xlog:safepoint=info,gc=info:file=<run's event logs>/safepoint.log:uptimenanos,tags",
                SharedFlags.placeholders("-Xlog:safepoint=info,gc=info:file=/tmp/qp-jvm-events-1-2/safepoint.log"
                        + ":uptimenanos,tags"));
    }

    @Test
    void theQueueAndResultsDirectoriesAndTheControlPortArePlaceholdersAndOtherArgumentsStay() {
        assertEquals("-Dqp.queueDir=<dir>", SharedFlags.placeholders("-Dqp.queueDir=/dev/shm/qp-matrix-XJ7lKLeA"));
        assertEquals("-Dqp.resultsDir=<dir>", SharedFlags.placeholders("-Dqp.resultsDir=/work/results/x/jdk17"));
        assertEquals("-Dio.fastestjvm.controlPort=<port>",
                SharedFlags.placeholders("-Dio.fastestjvm.controlPort=40123"));
        assertEquals("-XX:GuaranteedSafepointInterval=0",
                SharedFlags.placeholders("-XX:GuaranteedSafepointInterval=0"));
        assertEquals("-Dqp.profile=jdk17", SharedFlags.placeholders("-Dqp.profile=jdk17"));
    }
}
