package jdk.test.whitebox;

/**
 * The two HotSpot WhiteBox calls the code-redraw experiment needs (docs/findings/memory-draw.md). HotSpot binds
 * these natives when this class is loaded by the boot loader and the JVM runs with -XX:+UnlockDiagnosticVMOptions
 * -XX:+WhiteBoxAPI; compile it apart and append it with -Xbootclasspath/a (see the findings page for the commands).
 */
public class WhiteBox {
    private static native void registerNatives();

    static {
        registerNatives();
    }

    /** Marks every compiled method not entrant: the code is compiled again, at new places in the code cache. */
    public native void deoptimizeAll();

    /** Takes {@code size} bytes of the code cache's {@code type} heap (0: compiled without profiling, 1: profiled, 2: not methods). */
    public native long allocateCodeBlob(int size, int type);
}
