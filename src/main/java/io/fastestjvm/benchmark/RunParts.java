package io.fastestjvm.benchmark;

import java.io.File;
import java.util.Date;
import java.util.List;
import java.util.Map;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.faults.DiskSpaceFailure;
import io.fastestjvm.faults.QueueRemoval;
import io.fastestjvm.recording.LatencyPercentiles;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.recording.LatencyRecorders;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.statistics.OrderStatisticConfidence;
import io.fastestjvm.timeline.RunEvidence;
import io.fastestjvm.timeline.TimelineAnalysis;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.SteadyStateWatch;
import io.fastestjvm.warmup.StringLiterals;
import io.fastestjvm.warmup.WarmupCollections;

/**
 * What the phases of one {@link BenchmarkRun} hand each other: each field is set once, by the phase that
 * learns it (check and prepare most of them), and read by the phases after.
 */
final class RunParts {
    CpuAssignment[] cpus;
    RigourInstruments rigour;
    Date started;
    File queueDir;
    RunControl control;
    QueueRemoval queueRemoval;
    ResultsFolder results;
    DiskSpaceFailure diskSpace;
    Map<String, Object> environment;
    StagePlan plan;
    SteadyStateWatch steady;
    WarmupCollections collections;
    StringLiterals literals;
    LatencyRecorder actual;
    long[] sortBuffer;
    Transport transport;
    MeasuredWindowEdges edges;
    Producer producer;
    Consumer consumer;
    boolean bare;
    RunEvidence evidence;
    long runStartNanos;
    long measuredEndNanos;
    String diskFull;
    LatencyRecorders latencies;
    List<List<LatencyPercentiles>> perRun;
    List<OrderStatisticConfidence[]> intervals;
    TimelineAnalysis timeline;
}
