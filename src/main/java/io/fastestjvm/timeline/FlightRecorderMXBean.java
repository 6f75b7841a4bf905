package io.fastestjvm.timeline;

import java.util.Map;

/**
 * The operations we use of JDK 14+'s {@code jdk.management.jfr:type=FlightRecorder} MBean, declared here so an
 * MXBean proxy can call them from classes compiled with {@code --release 8}.
 */
public interface FlightRecorderMXBean {
    long newRecording();

    void setRecordingSettings(long recordingId, Map<String, String> settings);

    void setRecordingOptions(long recordingId, Map<String, String> options);

    void startRecording(long recordingId);

    void stopRecording(long recordingId);

    void copyTo(long recordingId, String outputFile);

    void closeRecording(long recordingId);
}
