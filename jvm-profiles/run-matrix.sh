#!/usr/bin/env bash
# Compares JVM profiles. By default interleaved: warm JVMs take turns in short slices (see --design at the end of
# this comment). With --design fresh it reruns the QueuePerformance benchmark under each JVM profile, in fresh JVMs,
# and collects the results in one set:
#
#   jvm-profiles/run-matrix.sh --design fresh [--profiles jdk8,jdk17,...] [--flags default,tuned] [--runs N]
#                              [--seed S] [--transports chronicle,...] [--timeout SECONDS] [--id NAME]
#                              [--results DIR] [--max-minutes M] [--no-build] [--dry-run] [-Dqp.NAME=VALUE ...]
#   jvm-profiles/run-matrix.sh --design fresh --resume ID [--results DIR] [--max-minutes M] [--no-build]
#
# --runs N counts fresh JVMs: each (profile, flag set, transport) runs in N new JVMs (default 10), one per round.
#   It is not -Dqp.runs, which repeats the measurement back to back inside one JVM (a run folder each).
# Each round runs every (profile, flag set, transport) once, in a new random order; --seed replays an order
#   (matrix-run.json records the seed and every round's order). A failed run is recorded and the matrix goes on.
# --profiles: names or aliases from jvm-profiles/profiles.tsv (default: its rows with matrix = always).
# --flags: default = the profile's own flags; tuned = plus its documented low-latency set (profiles.tsv).
#   A tuned profile's runs go to <profile>-tuned/ and record qp.profile=<profile>-tuned.
# --dry-run: resolve the profiles and write matrix-run.json with the order, but run nothing.
# --no-build: use target/classes and target/classpath.txt as the last build left them (mvn compile writes both).
# --max-minutes M (1 to 10000): start no new run once M minutes have passed since the script started (the run going
#   is finished); the set is then `partial`, the report covers the runs done so far, and the script prints how many
#   of the planned runs are done and the --resume command that continues the set (exit status 3).
# --resume ID: continue the set <results>/ID with the plan and order its matrix-run.json records, running only the
#   (round, unit) pairs for which no profile.json records a run yet. A missing profile's JVM is looked for again.
#   Refused (exit 2) with an option that would change the plan (--profiles, --flags, --transports, --runs, --seed,
#   --timeout, --id, --dry-run, -Dqp.*), and for a set recorded on a machine with another CPU model or count.
#   Every invocation is an entry of matrix-run.json's sessions (when, the git commit, the runs it started, how it
#   ended); runs of different sessions may come from different commits (each summary.json records its own).
#
# results/<id>/matrix-run.json          what was asked, on which machine, the seed and order, and how it ended
# results/<id>/<profile>/profile.json   per profile and flag set: its JVM (or why none) and each run's status,
#                                       reason and output tail
# results/<id>/<profile>/<run folders>  ordinary QueuePerformance results folders
# then the Report tool writes matrix.json, matrix.csv, report.md and charts/ into results/<id>/, prints a table
# across JVMs, and regenerates the index results/README.md.
#
# Each run is a fresh JVM of the profile, started and watched by the Java matrix (matrix.FreshMatrix): its outcome
# comes back over the control link, its output goes to <profile>/run-<round>-<transport>.log, and it ends with the
# matrix however the matrix ends (a signal stops it, its own shutdown hook deletes its queue).
# Exit status: 0 when every run passed, 1 when any run failed or a profile was missing, 2 for bad arguments,
# 3 when --max-minutes stopped the matrix before its plan was done, 130 when interrupted.
#
# --design interleaved|fresh: interleaved (the default) keeps one warm JVM per variant per block and has them take
#   turns in short slices, compared pair by pair (jvm-profiles/lib/interleaved.sh; docs/interleaved.md); fresh is
#   everything above, and every fresh command, --resume included, names it: run-matrix.sh --design fresh ...
set -euo pipefail

profiles_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# --design is read first: the interleaved design has options of its own
design=interleaved
for ((i = 1; i <= $#; i++)); do
  if [[ "${!i}" == --design ]]; then
    j=$((i + 1))
    case "${!j:-}" in
      interleaved|fresh) design="${!j}"; set -- "${@:1:i-1}" "${@:j+1}"; break ;;
      *) printf 'run-matrix: --design: '"'"'%s'"'"' is not allowed; accepted: interleaved or fresh\n' "${!j:-}" >&2; exit 2 ;;
    esac
  fi
done
[[ "$design" == fresh ]] || exec "$profiles_dir/lib/interleaved.sh" "$@"
project_dir="$(dirname "$profiles_dir")"
# shellcheck source=lib/profiles.sh
. "$profiles_dir/lib/profiles.sh"

# The shell builds and hands over; the Java matrix checks every argument (one line and exit 2 for a bad one).
build=true
for arg in "$@"; do
  case "$arg" in
    -h|--help) qp_usage "${BASH_SOURCE[0]}"; exit 0 ;;
    --no-build) build=false ;;
  esac
done
cd "$project_dir"
if [[ "$build" == true ]]; then
  echo "run-matrix: building once with $(java -version 2>&1 | head -n 1)"
  mvn -q -B -Dstyle.color=never -DskipTests compile
fi
for file in target/classpath.txt target/classes/io/fastestjvm/matrix/FreshMatrix.class; do
  [[ -f "$file" ]] || { printf 'run-matrix: --no-build: no %s; run '"'"'mvn -q compile'"'"' once, or drop --no-build\n' "$file" >&2; exit 2; }
done
# in this script's process: a signal to it reaches the matrix, which stops the run it started
exec java -cp "target/classes:$(<target/classpath.txt)" io.fastestjvm.matrix.FreshMatrix "$@"
