package io.fastestjvm.transport;

import java.io.File;
import java.util.function.BiFunction;

/** One registry line: a transport's {@code qp.transport} name, what it is, whether it persists, and its factory. */
public final class TransportEntry {
    private final String name;
    private final String description;
    private final boolean persists;
    private final BiFunction<TransportSpec, File, Transport> factory;

    public TransportEntry(final String name, final String description, final boolean persists,
                          final BiFunction<TransportSpec, File, Transport> factory) {
        this.name = name;
        this.description = description;
        this.persists = persists;
        this.factory = factory;
    }

    public String name() {
        return name;
    }

    /** Files need free space and have something to prove afterwards. */
    public boolean persists() {
        return persists;
    }

    public Transport create(final TransportSpec spec, final File directory) {
        return factory.apply(spec, directory);
    }

    /** "floor (minimal off-heap SPSC ring, not persisted)": how the settings table names it. */
    public String describe() {
        return name + " (" + description + ", " + (persists ? "persisted" : "not persisted") + ")";
    }
}
