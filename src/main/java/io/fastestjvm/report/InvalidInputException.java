package io.fastestjvm.report;

/** A results folder the Report tool cannot read; the message is one line naming the folder and the problem. */
public final class InvalidInputException extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidInputException(final String message) {
        super(message);
    }
}
