package sun.hotspot;

/**
 * The HotSpot WhiteBox calls a comparison's recompilation needs (qp.compare.recompile, {@code slice.Recompilation}).
 * HotSpot binds these natives only when this class is loaded by the boot loader of a JVM started with
 * -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI, so a comparison copies it alone into a folder it appends with
 * -Xbootclasspath/a. JDK 8, 11, 17, 21 and 25 bind this name, with C2 and with the Graal JIT (tested); HotSpot
 * prints a warning to the JVM's stderr for each WhiteBox call not declared here (about 180 lines, harmless).
 */
public class WhiteBox {
    private static native void registerNatives();

    static {
        registerNatives();
    }

    /** Marks every compiled method not entrant: each is compiled again when next hot, at a new place. */
    public native void deoptimizeAll();

    /** Takes {@code size} bytes of the code cache's heap {@code type} (0: compiled without profiling, 1: profiled). */
    public native long allocateCodeBlob(int size, int type);
}
