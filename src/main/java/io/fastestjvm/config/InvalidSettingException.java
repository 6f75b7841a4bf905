package io.fastestjvm.config;

/** A setting whose value cannot be used; the message is the one line the user sees, with what is accepted. */
public final class InvalidSettingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidSettingException(final String setting, final String problem, final String accepted) {
        super(setting + ": " + problem + "; accepted: " + accepted);
    }
}
