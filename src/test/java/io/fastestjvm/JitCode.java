package io.fastestjvm;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import javax.management.ObjectName;

/** This JVM's compiled code for given methods, from jcmd's Compiler.codelist, for tests of what a rehearsal left. */
public final class JitCode {
    private JitCode() {
    }

    /** "method#compile id" of each C2 code in use for {@code methods} (fully qualified, "pkg.Class.method"). */
    public static List<String> c2InUse(final List<String> methods) throws Exception {
        final List<String> c2 = new ArrayList<>();
        for (final String[] fields : code(methods)) {
            if ("4".equals(fields[1]) && "0".equals(fields[2])) {
                c2.add(fields[4] + "#" + fields[0]);
            }
        }
        return c2;
    }

    /** "method#compile id tier N" of each code in use for {@code methods}, of any tier. */
    public static List<String> inUse(final List<String> methods) throws Exception {
        final List<String> inUse = new ArrayList<>();
        for (final String[] fields : code(methods)) {
            if ("0".equals(fields[2])) {
                inUse.add(fields[4] + "#" + fields[0] + " tier " + fields[1]);
            }
        }
        return inUse;
    }

    /** Every code for {@code methods}, as "method#compile id tier state", to say what there is when C2's is not. */
    public static List<String> all(final List<String> methods) throws Exception {
        final List<String> all = new ArrayList<>();
        for (final String[] fields : code(methods)) {
            all.add(fields[4] + "#" + fields[0] + " " + fields[1] + " " + fields[2]);
        }
        return all;
    }

    /** Compile id, tier, state (0 in use), signature and method of each code for {@code methods}. */
    private static List<String[]> code(final List<String> methods) throws Exception {
        final List<String[]> code = new ArrayList<>();
        for (final String line : diagnostic("compilerCodelist").split("\n")) {
            // "<compile id> <tier> <state> <method>(<signature>) [<code range>]"
            final String[] fields = line.trim().split("\\s+");
            for (final String method : methods) {
                if (fields.length > 3 && fields[3].startsWith(method + "(")) {
                    code.add(new String[] {fields[0], fields[1], fields[2], fields[3], method});
                }
            }
        }
        return code;
    }

    /** The text of a jcmd diagnostic command without arguments, e.g. "compilerQueue" (Compiler.queue). */
    public static String diagnostic(final String operation) throws Exception {
        return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), operation, new Object[0], new String[0]);
    }
}
