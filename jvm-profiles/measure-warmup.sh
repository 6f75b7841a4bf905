#!/usr/bin/env bash
# Measure how long a JVM profile needs to warm up (how the Graal profiles'
# default -Dqp.warmupSeconds were chosen; see README.md, "Graal warm-up").
#
#   jvm-profiles/measure-warmup.sh <profile> [seconds=120] [ops/s=100000]
#
# Runs tools/WarmupProbe.java with the profile's exact JVM flags (MAVEN_OPTS):
# one thread paced at <ops/s>, each op = allocate a message, pass it through an
# ArrayBlockingQueue, write 128 bytes; one line per 1 s round with the op
# latency p50/p99/mean, the JIT time of that round and the stalls (times the
# thread was descheduled > 10 pacing periods: a busy machine).
# Settled = after the last round whose p50 is > 15 % (+5 ns) above the steady
# p50 (median of the last third), and after the last round that spent > 100 ms
# compiling. The suggested warm-up is the later of both, x1.5, rounded up to 5 s.
# Run it on an otherwise idle machine: the stalls column shows contention.
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
profile="${1:?usage: $0 <profile> [seconds] [ops/s]}"
seconds="${2:-120}"
rate="${3:-100000}"
[[ -f "$DIR/$profile.sh" ]] || { echo "no profile $DIR/$profile.sh" >&2; exit 2; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
compiled=no
for jc in "${JAVA_HOME:-/nonexistent}/bin/javac" /usr/lib/jvm/java-17-openjdk-amd64/bin/javac \
          "$DIR/../.jdks/jdk17/bin/javac" "$DIR/../.jdks/jdk21/bin/javac" "$(command -v javac || true)"; do
  [[ -x "$jc" ]] || continue
  if "$jc" --release 8 -nowarn -d "$TMP" "$DIR/tools/WarmupProbe.java" 2>/dev/null; then compiled=yes; break; fi
done
[[ $compiled == yes ]] || { echo "measure-warmup: no javac (JDK 9+) found to build the probe" >&2; exit 2; }

out="${QP_WARMUP_OUT:-$TMP/$profile.txt}"
echo "measure-warmup: $profile, $seconds s at $rate ops/s; load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
# shellcheck disable=SC2016  # expanded by the inner bash
QP_QUIET=1 bash -c '
  source "$1/$2.sh" || exit 3
  # shellcheck disable=SC2086
  exec java $MAVEN_OPTS -cp "$3" WarmupProbe "$4" "$5"
' measure "$DIR" "$profile" "$TMP" "$seconds" "$rate" >"$out" 2>&1 \
  || { cat "$out" >&2; exit 1; }

awk -v profile="$profile" '
  $1 ~ /^[0-9]+$/ { n++; p50[n] = $3; p99[n] = $4; mean[n] = $5; jit[n] = $6; stalls[n] = $7; jitsum += $6; st += $7 }
  END {
    if (n < 6) { print "too few rounds" > "/dev/stderr"; exit 1 }
    w = int(n / 3); if (w < 3) w = 3
    m = 0; for (i = n - w + 1; i <= n; i++) v[++m] = p50[i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    steady = v[int((m + 1) / 2)]
    lat = 0; for (i = 1; i <= n; i++) if (p50[i] > steady * 1.15 + 5) lat = i
    jt = 0;  for (i = 1; i <= n; i++) if (jit[i] > 100) jt = i
    settle = (lat > jt ? lat : jt)
    sug = int((settle * 1.5 + 4.999) / 5) * 5; if (sug < 10) sug = 10
    printf "%-14s rounds=%d steady_p50=%dns p50_settled_after=%ds jit_settled_after=%ds jit_total=%dms stalls=%d suggested_warmup=%ds\n",
      profile, n, steady, lat, jt, jitsum, st, sug
  }' "$out"
echo "measure-warmup: raw rounds in $out$([[ -n "${QP_WARMUP_OUT:-}" ]] || echo ' (deleted; set QP_WARMUP_OUT=file to keep)')" >&2
