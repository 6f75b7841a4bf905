package io.fastestjvm.timeline;

import java.util.Map;

/**
 * The operations we use of JDK 14+'s platform MBean {@code jdk.management.jfr:type=FlightRecorder}, declared here
 * with the same signatures so an MXBean proxy can call them while our classes compile with {@code --release 8}
 * and name no {@code jdk.jfr} or {@code jdk.management.jfr} type.
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
