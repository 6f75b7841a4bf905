#!/usr/bin/env bash
# Measure how long a JVM profile needs to warm up (how the Graal profiles'
# default -Dqp.warmupSeconds were chosen; see docs/jvm-profiles.md, "Graal warm-up").
#
#   jvm-profiles/measure-warmup.sh <profile> [seconds=120] [ops/s=100000]
#
# Runs tools/WarmupProbe.java with the profile's exact JVM flags (QP_JVM_FLAGS):
# one thread paced at <ops/s>, each op = allocate a message, pass it through an
# ArrayBlockingQueue, write 128 bytes; one line per 1 s round with the op
# latency p50/p99/mean, the JIT time of that round and the stalls (times the
# thread was descheduled > 10 pacing periods: a busy machine).
# Settled at round r = the first r from which a window of 10 rounds has at
# most one round whose p50 is > 15 % (+5 ns) above the steady p50 (median of
# the last third) AND compiles for <= 250 ms in total (JIT quiet). Windows,
# not "every later round", because on a shared 2-CPU machine a later stall or
# a stray late compilation would otherwise move the answer to the end of the
# run. The suggested warm-up is r x 1.5, rounded up to 5 s (>= 10 s).
# Run it on an otherwise idle machine: the stalls column shows contention.
#
#   jvm-profiles/measure-warmup.sh --analyze <raw file> [label]   # re-analyse a kept run
#
#   jvm-profiles/measure-warmup.sh --benchmark <profile> [warm-up s=120]
# The real workload instead of the probe: runs `mvn -q -B compile
# exec:java@QueuePerformance` in the checkout with a long warm-up (qp.seconds=5)
# while `jstat -compiler -t` samples the JIT of that JVM every second.
# Reported, counted from the warm-up's start (summary.json's durations): methods
# compiled (and JIT time where jstat has it: not on 25), and until when the
# JIT was busy: the last second that ends a 5 s window with >= 100 methods
# compiled (20/s on average; lone spikes of recompilation later on, which
# every JIT has, do not count). Suggested warm-up: busy-until x 1.5, rounded
# up to 5 s, never below the benchmark's default of 40 s. --analyze-jstat re-analyses a file
# kept with QP_WARMUP_OUT=<prefix>.
set -euo pipefail

analyze() {   # analyze <raw file> <label>
  awk -v profile="$2" '
  $1 ~ /^[0-9]+$/ { n++; p50[n] = $3; jit[n] = $6; jitsum += $6; st += $7 }
  END {
    if (n < 12) { print "too few rounds (need >= 12)" > "/dev/stderr"; exit 1 }
    w = int(n / 3); if (w < 3) w = 3
    m = 0; for (i = n - w + 1; i <= n; i++) v[++m] = p50[i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    steady = v[int((m + 1) / 2)]; thr = steady * 1.15 + 5
    settle = -1
    for (r = 1; r + 9 <= n && settle < 0; r++) {
      bad = 0; js = 0
      for (i = r; i <= r + 9; i++) { if (p50[i] > thr) bad++; js += jit[i] }
      if (bad <= 1 && js <= 250) settle = r - 1
    }
    if (settle < 0) { printf "%-14s rounds=%d steady_p50=%dns NOT SETTLED within the run; jit_total=%dms stalls=%d\n", profile, n, steady, jitsum, st; exit 0 }
    sug = int((settle * 1.5 + 4.999) / 5) * 5; if (sug < 10) sug = 10
    printf "%-14s rounds=%d steady_p50=%dns settled_after=%ds jit_total=%dms stalls=%d suggested_warmup=%ds\n",
      profile, n, steady, settle, jitsum, st, sug
  }' "$1"
}

# analyze_jstat <`jstat -compiler -t` file> <warm-up start, ms of uptime> <warm-up s> <label>
analyze_jstat() {
  awk -v ws="$2" -v W="$3" -v p="$4" '
  $1 ~ /^[0-9.]+$/ && $1 < 1e7 && NF >= 5 { n++; ts[n] = $1; cnt[n] = $2; tm[n] = $5 }   # (25: odd 1st timestamp)
  END {
    w = ws / 1000.0; s = 0; e = 0
    for (i = 1; i <= n; i++) { if (!s && ts[i] >= w) s = i; if (ts[i] <= w + W) e = i }
    if (!s || e <= s + 10) { print "too few JIT samples inside the warm-up" > "/dev/stderr"; exit 1 }
    b = (s > 1 ? s - 1 : s); busy = 0; hastime = (tm[e] ~ /^[0-9.]+$/)
    for (i = s; i <= e; i++) if (cnt[i] - cnt[i - 5 > b ? i - 5 : b] >= 100) busy = ts[i] - w
    sug = int((busy * 1.5 + 4.999) / 5) * 5; if (sug < 40) sug = 40
    printf "%-14s compiled_before_warmup=%d compiled_in_warmup=%d", p, cnt[b], cnt[e] - cnt[b]
    if (hastime) printf " jit_time_before=%.1fs jit_time_in_warmup=%.1fs", tm[b], tm[e] - tm[b]
    printf " jit_busy_until=%.0fs suggested_warmup=%ds\n", busy, sug
    printf "  compilations per second of warm-up:"
    for (i = s + 1; i <= e && ts[i] - w <= 90; i++) printf " %d", cnt[i] - cnt[i - 1]
    print ""
  }' "$1"
}

if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
  # shellcheck source=lib/profiles.sh
  . "$(dirname "${BASH_SOURCE[0]}")/lib/profiles.sh"
  qp_usage "${BASH_SOURCE[0]}"
  exit 0
fi
if [[ "${1:-}" == --benchmark ]]; then
  BDIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  bprofile="${2:?usage: $0 --benchmark <profile> [warm-up s]}"
  bwarm="${3:-120}"
  btmp="$(mktemp -d)"
  trap 'rm -rf "$btmp"' EXIT
  echo "measure-warmup: benchmark under $bprofile, warm-up $bwarm s; load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  (
    # shellcheck source=/dev/null  # (followed elsewhere; here it would only flag the subshell's exports)
    QP_QUIET=1 source "$BDIR/use.sh" "$bprofile" || exit 3
    cd "$BDIR/.." || exit 3
    mvn -q -B compile exec:java@QueuePerformance -Dqp.warmupSeconds="$bwarm" -Dqp.seconds=5 \
        -Dqp.resultsDir="$btmp/results" >"$btmp/run.log" 2>&1 &
    mvn_pid=$!
    pid=""
    for _ in $(seq 600); do   # the benchmark JVM: the forked java whose command line has our results dir
      for c in $(pgrep -f "qp.resultsDir=$btmp/results.* -Dio.fastestjvm.forked=true"); do
        [[ "$(cat "/proc/$c/comm" 2>/dev/null)" == java ]] && pid=$c
      done
      [[ -n "$pid" ]] && break
      sleep 0.2
    done
    [[ -n "$pid" ]] || { echo "benchmark JVM not found" >&2; exit 1; }
    "$JAVA_HOME/bin/jstat" -compiler -t "$pid" 1000 >"$btmp/jstat.txt" 2>&1 &
    jstat_pid=$!
    rc=0; wait "$mvn_pid" || rc=$?
    kill "$jstat_pid" 2>/dev/null || true
    echo "measure-warmup: benchmark exit status $rc (its own checks may fail on a busy machine; only the JIT timeline is used)" >&2
  ) || exit 1
  # the warm-up's start on the JVM's uptime, from the run's summary.json (mvn compile wrote target/classpath.txt)
  summary="$(find "$btmp/results" -name summary.json 2>/dev/null | head -n 1)"
  bws=""
  if [[ -n "$summary" ]]; then
    bws="$(java -cp "$BDIR/../target/classes:$(<"$BDIR/../target/classpath.txt")" \
        io.fastestjvm.results.model.SummaryTool field "$summary" /durations/warmupStartUptimeMillis)"
  fi
  [[ "$bws" =~ ^[0-9]+$ ]] || { tail -n 20 "$btmp/run.log" >&2; echo "no warm-up start in the run's summary.json" >&2; exit 1; }
  if [[ -n "${QP_WARMUP_OUT:-}" ]]; then cp "$btmp/jstat.txt" "$QP_WARMUP_OUT.jstat"; cp "$btmp/run.log" "$QP_WARMUP_OUT.log"; fi
  analyze_jstat "$btmp/jstat.txt" "$bws" "$bwarm" "$bprofile"
  exit 0
fi
if [[ "${1:-}" == --analyze-jstat ]]; then   # --analyze-jstat <jstat file> <warm-up start ms> <warm-up s> [label]
  analyze_jstat "$2" "$3" "$4" "${5:-$(basename "$2")}"
  exit 0
fi

if [[ "${1:-}" == --analyze ]]; then
  analyze "${2:?usage: $0 --analyze <raw file> [label]}" "${3:-$(basename "$2")}"
  exit 0
fi

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
profile="${1:?usage: $0 <profile> [seconds] [ops/s]}"
seconds="${2:-120}"
rate="${3:-100000}"
# shellcheck source=lib/profiles.sh
. "$DIR/lib/profiles.sh"
profile="$(qp_profile_resolve "$profile")" || exit 2

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
compiled=no
for jc in "${JAVA_HOME:-/nonexistent}/bin/javac" /usr/lib/jvm/java-17-openjdk-amd64/bin/javac \
          "${QP_JDKS_DIR:-$DIR/../.jdks}/jdk17/bin/javac" "${QP_JDKS_DIR:-$DIR/../.jdks}/jdk21/bin/javac" "$(command -v javac || true)"; do
  [[ -x "$jc" ]] || continue
  if "$jc" --release 8 -nowarn -d "$TMP" "$DIR/tools/WarmupProbe.java" 2>/dev/null; then compiled=yes; break; fi
done
[[ $compiled == yes ]] || { echo "measure-warmup: no javac (JDK 9+) found to build the probe" >&2; exit 2; }

out="${QP_WARMUP_OUT:-$TMP/$profile.txt}"
echo "measure-warmup: $profile, $seconds s at $rate ops/s; load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
# shellcheck disable=SC2016  # expanded by the inner bash
QP_QUIET=1 bash -c '
  source "$1/use.sh" "$2" || exit 3
  # shellcheck disable=SC2086
  exec java $QP_JVM_FLAGS -cp "$3" WarmupProbe "$4" "$5"
' measure "$DIR" "$profile" "$TMP" "$seconds" "$rate" >"$out" 2>&1 \
  || { cat "$out" >&2; exit 1; }

analyze "$out" "$profile"
echo "measure-warmup: raw rounds in $out$([[ -n "${QP_WARMUP_OUT:-}" ]] || echo ' (deleted; set QP_WARMUP_OUT=file to keep)')" >&2
