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
    void docsHoldTheSettingsTableExactlyAsTheCodeDefinesIt() throws IOException {
        final String page = new String(Files.readAllBytes(Paths.get("docs/settings.md")), StandardCharsets.UTF_8);
        assertTrue(page.contains(SettingsTable.markdown()),
                "docs/settings.md's settings table is stale: paste the output of"
                        + " `java -cp target/classes io.fastestjvm.config.SettingsTable`");
    }

    @Test
    void everySettingHasARow() {
        assertEquals(Settings.ALL.size() + 2, SettingsTable.markdown().split("\n").length);
    }
}
