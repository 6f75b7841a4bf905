package io.fastestjvm.audit;

import java.util.LinkedHashMap;
import java.util.Map;

/** A condition known to hurt tail latency, and what to do about it. Immutable. */
public final class AuditWarning {
    final String check;
    final String problem;
    final String fix;

    public AuditWarning(final String check, final String problem, final String fix) {
        this.check = check;
        this.problem = problem;
        this.fix = fix;
    }

    public Map<String, Object> toMap() {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("check", check);
        map.put("problem", problem);
        map.put("fix", fix);
        return map;
    }

    @Override
    public String toString() {
        return "WARNING [" + check + "] " + problem + "\n         fix: " + fix;
    }
}
