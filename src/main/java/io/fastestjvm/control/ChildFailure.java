package io.fastestjvm.control;

/** A child that replied {@code failed}, said nothing in time, or ended: the message names which and why. */
public final class ChildFailure extends Exception {
    private static final long serialVersionUID = 1L;

    /** Null while the child still ran at the failure. */
    public final Integer exitCode;
    /** The child said nothing within its deadline (rather than failing or ending). */
    public final boolean timedOut;

    ChildFailure(final String message, final Integer exitCode, final boolean timedOut) {
        super(message);
        this.exitCode = exitCode;
        this.timedOut = timedOut;
    }
}
