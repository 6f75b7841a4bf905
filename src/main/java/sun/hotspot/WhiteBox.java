package sun.hotspot;

/**
 * The HotSpot WhiteBox calls qp.compare.recompile needs. HotSpot binds them only for this class on the boot class
 * path (-Xbootclasspath/a) with -XX:+WhiteBoxAPI, and warns harmlessly for each WhiteBox call not declared here.
 */
public class WhiteBox {
    private static native void registerNatives();

    static {
        registerNatives();
    }

    /** Each compiled method is compiled again when next hot, at a new place. */
    public native void deoptimizeAll();

    /** Takes {@code size} bytes of the code cache's heap {@code type} (0: compiled without profiling, 1: profiled). */
    public native long allocateCodeBlob(int size, int type);
}
