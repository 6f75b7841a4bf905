package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs that ask for the same folder name at the same time each get a folder of their own. */
class ResultsFolderTest {
    @TempDir
    Path temp;

    @Test
    void simultaneousRequestsForOneNameGetDistinctFolders() throws Exception {
        final int runs = 8;
        final ExecutorService pool = Executors.newFixedThreadPool(runs);
        try {
            final List<Future<ResultsFolder>> folders = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                folders.add(pool.submit(() -> ResultsFolder.createNew(temp.toFile(), "20261122T000000Z-java17-1")));
            }
            final Set<String> names = new TreeSet<>();
            for (final Future<ResultsFolder> folder : folders) {
                names.add(folder.get().directory().getFileName().toString());
            }
            final Set<String> expected = new TreeSet<>();
            expected.add("20261122T000000Z-java17-1");
            for (int i = 2; i <= runs; i++) {
                expected.add("20261122T000000Z-java17-1-" + i);
            }
            assertEquals(expected, names);
            assertEquals(runs, temp.toFile().list().length);
        } finally {
            pool.shutdownNow();
        }
    }
}
