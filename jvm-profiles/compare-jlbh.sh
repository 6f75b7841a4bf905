#!/usr/bin/env bash
# Alternate our default-shaped run and the JLBH run of the same scenario N times
# and print their medians side by side (see docs/jlbh-comparison.md).
#
#   jvm-profiles/compare-jlbh.sh [N=3] [-Dqp.setting=value ...]
#
# The settings go to both harnesses (e.g. -Dqp.seconds=10 -Dqp.warmupSeconds=5;
# -Djlbh.warmupMessages / -Djlbh.runs reach JLBH only). Ours: p50 actual send and
# intended send from summary.json. JLBH: p50 per JLBH run, end to end (from
# JLBH's start time) and of its "actual send" probe. Last, the core-to-core round
# trips: ours before and after its window, JLBH's before each run and after the
# last, to pair runs by the host's placement level.
# Logs and our results folders stay in results/runs/jlbh-comparison-<UTC time>/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

case "${1:-}" in -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
rounds=3
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then rounds="$1"; shift; fi
out="results/runs/jlbh-comparison-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"
echo "logs: $out  JDK: $(java -version 2>&1 | grep -v "^Picked up" | head -n 1)  settings: ${*:-defaults}"
printf '%-5s %-34s %-30s %-30s %s\n' round "ours p50 ns: actual / intended" "JLBH p50 ns: end to end" \
  "JLBH p50 ns: actual send" "round trip ns: ours before-after / JLBH before each run and after"
# summary.json's round trip in whole ns; "?" when not measured
whole_ns() { if [[ "$1" =~ ^[0-9.]+$ ]]; then printf '%.0f' "$1"; else printf '?'; fi; }
for ((i = 1; i <= rounds; i++)); do
  mvn -q compile exec:java@QueuePerformance "$@" -Dqp.resultsDir="$out/ours-$i" >"$out/ours-$i.log" 2>&1 || true
  summary="$(find "$out/ours-$i" -name summary.json 2>/dev/null | head -n 1)"
  ours="failed, see $out/ours-$i.log"
  ours_trip=""
  if [[ -n "$summary" ]]; then
    # read through the results model (mvn compile writes target/classpath.txt)
    mapfile -t p50 < <(java -cp "target/classes:$(<target/classpath.txt)" io.fastestjvm.results.model.SummaryTool \
      field "$summary" /latency/actualSend/p50 /latency/intendedSend/p50 /status \
      /placement/before/medianRoundTripNanos /placement/after/medianRoundTripNanos)
    ours="${p50[0]:-} / ${p50[1]:-} (${p50[2]:-})"
    ours_trip="$(whole_ns "${p50[3]:-}")-$(whole_ns "${p50[4]:-}")"
  fi
  mvn -q -Pjlbh compile exec:exec@jlbh -Djlbh.jvmArgs="$*" >"$out/jlbh-$i.log" 2>&1 || true
  e2e="$(sed -n 's/^JLBH p50 ns per run, end to end: //p' "$out/jlbh-$i.log")"
  sent="$(sed -n 's/^JLBH p50 ns per run, actual send: //p' "$out/jlbh-$i.log")"
  # JLBH's round trips in whole ns (ours are rounded to match), or "not measured (why)"
  mapfile -t trips < <(sed -n 's/^JLBH core-to-core round trip \(before run [0-9]*\|after the runs\): //p' \
    "$out/jlbh-$i.log")
  trips=("${trips[@]%% ns*}")
  printf '%-5s %-34s %-30s %-30s %s\n' "$i" "$ours" "${e2e:-failed, see $out/jlbh-$i.log}" "${sent:-failed}" \
    "${ours_trip:-?} / ${trips[*]:-?}"
done
