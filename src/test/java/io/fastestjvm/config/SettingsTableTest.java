package io.fastestjvm.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

class SettingsTableTest {
    @Test
    void readmeHoldsTheSettingsTableExactlyAsTheCodeDefinesIt() throws IOException {
        final String readme = new String(Files.readAllBytes(Paths.get("README.md")), StandardCharsets.UTF_8);
        assertTrue(readme.contains(SettingsTable.markdown()),
                "README.md's settings table is stale: paste the output of"
                        + " `java -cp target/classes io.fastestjvm.config.SettingsTable`");
    }

    @Test
    void everySettingHasARow() {
        assertEquals(Settings.ALL.size() + 2, SettingsTable.markdown().split("\n").length);
    }
}
