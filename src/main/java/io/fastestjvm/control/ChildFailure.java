package io.fastestjvm.control;

/** A child that replied {@code failed}, said nothing in time, or ended: the message names which and why. */
public final class ChildFailure extends Exception {
    private static final long serialVersionUID = 1L;

    public ChildFailure(final String message) {
        super(message);
    }
}
