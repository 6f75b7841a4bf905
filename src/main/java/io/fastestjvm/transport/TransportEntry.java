package io.fastestjvm.transport;

import java.io.File;

/** One registry line: a transport's {@code qp.transport} name, what it is, whether it persists, and its factory. */
public final class TransportEntry {
    public interface Factory {
        Transport create(TransportSpec spec, File directory);
    }

    private final String name;
    private final String description;
    private final boolean persists;
    private final Factory factory;

    public TransportEntry(final String name, final String description, final boolean persists,
                          final Factory factory) {
        this.name = name;
        this.description = description;
        this.persists = persists;
        this.factory = factory;
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    /** Files need free space and have something to prove afterwards. */
    public boolean persists() {
        return persists;
    }

    public Transport create(final TransportSpec spec, final File directory) {
        return factory.create(spec, directory);
    }

    /** "floor (minimal off-heap SPSC ring, not persisted)": how the settings table names it. */
    public String describe() {
        return name + " (" + description + ", " + (persists ? "persisted" : "not persisted") + ")";
    }
}
