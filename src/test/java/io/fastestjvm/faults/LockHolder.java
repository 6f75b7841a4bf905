package io.fastestjvm.faults;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;

/**
 * Run in a child JVM: writes {@code args[1]} into the file {@code args[0]}, locks it, prints "locked" and holds the
 * lock until its stdin closes. Another process's lock is what the kernel, not this JVM's bookkeeping, decides on.
 */
public final class LockHolder {
    static final String LOCKED = "locked";

    private LockHolder() {
    }

    public static void main(final String[] args) throws IOException {
        try (FileChannel channel = FileChannel.open(Paths.get(args[0]), StandardOpenOption.CREATE,
                StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            channel.lock();
            channel.write(ByteBuffer.wrap(args[1].getBytes(StandardCharsets.UTF_8)));
            channel.force(true);
            System.out.println(LOCKED);
            System.out.flush();
            final InputStream in = System.in;
            while (in.read() >= 0) {
                continue; // hold the lock until the parent closes our stdin (or dies)
            }
        }
    }
}
