package io.fastestjvm.config;

/**
 * A setting whose value cannot be used. The message is the single line shown to the user: it names the
 * setting, what was wrong and the accepted range.
 */
public final class InvalidSettingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidSettingException(final String setting, final String problem, final String accepted) {
        super(setting + ": " + problem + "; accepted: " + accepted);
    }
}
