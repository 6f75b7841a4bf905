package sun.hotspot;

/**
 * The HotSpot WhiteBox calls a comparison's recompilation needs (qp.compare.recompile, {@code slice.Recompilation}).
 * HotSpot binds these natives only when this class is loaded by the boot loader of a JVM started with
 * -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI, so a comparison copies it alone into a folder it appends with
 * -Xbootclasspath/a. JDK 17, 21 and 25 bind this name (tested; 8 and 11 not yet); HotSpot prints a warning for
 * each WhiteBox call not declared here.
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
