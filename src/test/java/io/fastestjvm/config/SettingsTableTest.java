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
    void docsSettingsIsExactlyWhatTheCodeDefines() throws IOException {
        final String page = new String(Files.readAllBytes(Paths.get("docs", "settings.md")), StandardCharsets.UTF_8);
        assertEquals(SettingsTable.document(), page, "docs/settings.md is stale: regenerate it with"
                + " `java -cp target/classes:<classpath> io.fastestjvm.config.SettingsTable > docs/settings.md`");
    }

    @Test
    void everySettingHasARowAndAHelpBlock() {
        assertEquals(Settings.ACCEPTED.size() + 2, SettingsTable.markdown().split("\n").length);
        for (final Setting setting : Settings.ACCEPTED) {
            assertTrue(SettingsTable.help().contains("\n  " + setting.name() + " (default: "), setting.name());
            assertTrue(SettingsTable.help().contains("accepted: " + setting.accepted() + "\n"), setting.name());
        }
    }
}
