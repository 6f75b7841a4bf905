package io.fastestjvm.control;

/** A child that replied {@code failed}, said nothing in time, or ended: the message names which and why. */
public final class ChildFailure extends Exception {
    private static final long serialVersionUID = 1L;

    /** The child's exit code when it had ended (or was ended) by the time of the failure, else null. */
    private final Integer exitCode;

    public ChildFailure(final String message) {
        this(message, null);
    }

    ChildFailure(final String message, final Integer exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public Integer exitCode() {
        return exitCode;
    }
}
