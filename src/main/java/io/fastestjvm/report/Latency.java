package io.fastestjvm.report;

/** The two latencies every run records, with the key used in summary.json and the file stem of its logs. */
public enum Latency {
    ACTUAL_SEND("actualSend", "actual-send", "actual send"),
    INTENDED_SEND("intendedSend", "intended-send", "intended send");

    private final String key;
    private final String fileStem;
    private final String title;

    Latency(final String key, final String fileStem, final String title) {
        this.key = key;
        this.fileStem = fileStem;
        this.title = title;
    }

    /** The key in summary.json ({@code latency.actualSend}). */
    public String key() {
        return key;
    }

    /** The stem of the .hgrm/.hlog files ({@code actual-send}). */
    public String fileStem() {
        return fileStem;
    }

    /** Human words, e.g. "actual send". */
    public String title() {
        return title;
    }
}
