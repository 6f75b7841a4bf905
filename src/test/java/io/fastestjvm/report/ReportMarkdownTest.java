package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Per-run and per-session paths in JVM arguments are shown as placeholders; every other argument as it ran. */
class ReportMarkdownTest {
    @Test
    void theEventLogsScratchDirectoryIsAPlaceholderWhereverItAppears() {
        assertEquals("-XX:LogFile=<run's event logs>/compilation.log",
                ReportMarkdown.placeholders("-XX:LogFile=/tmp/qp-jvm-events-22469-19955163488001/compilation.log"));
        assertEquals("-Xloggc:<run's event logs>/gc.log",
                ReportMarkdown.placeholders("-Xloggc:/tmp/qp-jvm-events-21716-19522104781793/gc.log"));
        assertEquals("-Xlog:safepoint=info,gc=info:file=<run's event logs>/safepoint.log:uptimenanos,tags",
                ReportMarkdown.placeholders("-Xlog:safepoint=info,gc=info:file=/tmp/qp-jvm-events-1-2/safepoint.log"
                        + ":uptimenanos,tags"));
    }

    @Test
    void theQueueAndResultsDirectoriesAndTheControlPortArePlaceholdersAndOtherArgumentsStay() {
        assertEquals("-Dqp.queueDir=<dir>", ReportMarkdown.placeholders("-Dqp.queueDir=/dev/shm/qp-matrix-XJ7lKLeA"));
        assertEquals("-Dqp.resultsDir=<dir>", ReportMarkdown.placeholders("-Dqp.resultsDir=/work/results/x/jdk17"));
        assertEquals("-Dio.fastestjvm.controlPort=<port>",
                ReportMarkdown.placeholders("-Dio.fastestjvm.controlPort=40123"));
        assertEquals("-XX:GuaranteedSafepointInterval=0",
                ReportMarkdown.placeholders("-XX:GuaranteedSafepointInterval=0"));
        assertEquals("-Dqp.profile=jdk17", ReportMarkdown.placeholders("-Dqp.profile=jdk17"));
    }
}
