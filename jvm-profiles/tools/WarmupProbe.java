import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * Warm-up probe for jvm-profiles/measure-warmup.sh: a single thread paced at
 * RATE ops/s (busy-spinning between ops, like a latency benchmark), each op
 * allocates a small message, passes it through an ArrayBlockingQueue and
 * writes 128 bytes into a 4 MiB buffer. Every 1 s round prints the op latency
 * percentiles, the JIT time spent in that round (CompilationMXBean) and the
 * number of stalls (> 10 pacing periods without running = descheduled).
 * Usage: java [profile flags] WarmupProbe SECONDS RATE
 */
public class WarmupProbe {
    public static void main(String[] a) throws Exception {
        int seconds = Integer.parseInt(a[0]);
        int rate = Integer.parseInt(a[1]);
        CompilationMXBean cmx = ManagementFactory.getCompilationMXBean();
        ArrayBlockingQueue<long[]> q = new ArrayBlockingQueue<long[]>(1024);
        long[] lat = new long[rate * 2];
        byte[] mem = new byte[1 << 22];
        long period = 1_000_000_000L / rate;
        long next = System.nanoTime();
        long lastCt = cmx.getTotalCompilationTime();
        long sink = 0;
        int stalls = 0;
        System.out.println("round ops p50_ns p99_ns mean_ns jit_ms stalls");
        for (int r = 1; r <= seconds; r++) {
            long roundEnd = System.nanoTime() + 1_000_000_000L;
            int n = 0;
            while (true) {
                long now = System.nanoTime();
                if (now >= roundEnd) break;
                if (now < next) continue;
                next += period;
                if (next < now - 10 * period) {  // stalled: don't bank a backlog
                    next = now;
                    stalls++;
                }
                long t0 = System.nanoTime();
                long[] m = new long[8];
                for (int i = 0; i < 8; i++) m[i] = t0 + i;
                q.offer(m);
                long[] x = q.poll();
                int off = (int) ((t0 >>> 4) & (mem.length - 128));
                for (int i = 0; i < 128; i++) mem[off + i] = (byte) (x[i & 7] + i);
                sink += mem[off + 7];
                if (n < lat.length) lat[n++] = System.nanoTime() - t0;
            }
            Arrays.sort(lat, 0, n);
            long sum = 0;
            for (int i = 0; i < n; i++) sum += lat[i];
            long ct = cmx.getTotalCompilationTime();
            System.out.println(r + " " + n + " " + lat[n / 2] + " " + lat[(int) (n * 0.99)] + " "
                    + (n == 0 ? 0 : sum / n) + " " + (ct - lastCt) + " " + stalls);
            stalls = 0;
            lastCt = ct;
        }
        System.out.println("sink=" + sink);
    }
}
