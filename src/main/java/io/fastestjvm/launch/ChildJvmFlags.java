package io.fastestjvm.launch;

import java.util.List;
import java.util.Properties;

/**
 * An instrument that needs flags on the measured JVM (a JFR recording, compilation logging...). A {@link ChildJvm}
 * is built with its instruments; their flags go after the profile's, before the settings.
 */
public interface ChildJvmFlags {
    /** The flags to add, given the {@code qp.*} settings the measured JVM will see. */
    List<String> flags(Properties settings);
}
