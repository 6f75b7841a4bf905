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
# shellcheck source=lib/summary-tool.sh
. "$profiles_dir/lib/summary-tool.sh"
mapfile -t default_profiles < <(qp_profile_names default)

usage_error() {
  printf 'run-matrix: %s\n' "$1" >&2
  exit 2
}

original_args="$*"
profiles=("${default_profiles[@]}")
flag_sets=(default)
transports=(chronicle)
build=true
dry_run=false
runs=10
seed="$(( $(od -An -N4 -tu4 /dev/urandom) % 2147483648 ))"
timeout_seconds=900
matrix_id="$(date -u +%Y%m%dT%H%M%SZ)-$(hostname -s 2>/dev/null || echo host)-matrix"
default_results_root="$project_dir/results"
results_root="$default_results_root"
qp_args=()
resume_id=""
max_minutes=""
plan_options=()   # the options given that choose the plan, which a resumed set keeps as recorded
recorded_order=()   # a resumed set's order as its matrix-run.json records it: a line per round, TAB-separated
while (($#)); do
  case "$1" in
    --profiles|--flags|--transports|--runs|--seed|--timeout|--id|--dry-run|-Dqp.*) plan_options+=("${1%%=*}") ;;
  esac
  case "$1" in
    --profiles) [[ $# -ge 2 ]] || usage_error "--profiles needs a comma-separated list; accepted: $(qp_profile_names all | paste -sd, -)"
      IFS=, read -r -a profiles <<<"$2"; shift 2 ;;
    --flags) [[ $# -ge 2 ]] || usage_error "--flags needs a comma-separated list; accepted: default, tuned"
      IFS=, read -r -a flag_sets <<<"$2"; shift 2 ;;
    --seed) seed="${2:-}"; shift 2 || usage_error "--seed needs a value" ;;
    --dry-run) dry_run=true; shift ;;
    --transports) [[ $# -ge 2 ]] || usage_error "--transports needs a comma-separated list, e.g. chronicle,floor"
      IFS=, read -r -a transports <<<"$2"; shift 2 ;;
    --runs) runs="${2:-}"; shift 2 || usage_error "--runs needs a value" ;;
    --timeout) timeout_seconds="${2:-}"; shift 2 || usage_error "--timeout needs a value" ;;
    --id) matrix_id="${2:-}"; shift 2 || usage_error "--id needs a value" ;;
    --results) results_root="${2:-}"; shift 2 || usage_error "--results needs a value" ;;
    --resume) resume_id="${2:-}"; shift 2 || usage_error "--resume needs the id of a set to continue" ;;
    --max-minutes) max_minutes="${2:-}"; shift 2 || usage_error "--max-minutes needs a value" ;;
    --no-build) build=false; shift ;;
    -Dqp.*=*) qp_args+=("$1"); shift ;;
    -h|--help) qp_usage "${BASH_SOURCE[0]}"; exit 0 ;;
    *) usage_error "unknown argument '$1'; accepted: --profiles, --flags, --runs, --seed, --transports, --timeout, --id, --results, --resume, --max-minutes, --no-build, --dry-run, -Dqp.NAME=VALUE" ;;
  esac
done
if [[ -n "$max_minutes" ]]; then
  if ! [[ "$max_minutes" =~ ^[0-9]{1,5}$ ]] || ((10#$max_minutes < 1 || 10#$max_minutes > 10000)); then
    usage_error "--max-minutes: '$max_minutes' is not allowed; accepted: 1 to 10000"
  fi
  max_minutes=$((10#$max_minutes))
fi

# build_once: the build (once per matrix), which also writes target/classpath.txt, on which SummaryTool
# (lib/summary-tool.sh) reads and writes this script's JSON files and reads each run's summary.json.
build_once() {
  if [[ "$build" == true ]]; then
    echo "run-matrix: building once with $(java -version 2>&1 | head -n 1)"
    (cd "$project_dir" && mvn -q -B -Dstyle.color=never -DskipTests compile)
  fi
  local missing
  missing="$(qp_summary_tool_missing)"
  [[ -z "$missing" ]] || usage_error "--no-build: no $missing (SummaryTool needs it to write the matrix's JSON); run 'mvn -q compile' once (it writes target/classes and target/classpath.txt), or drop --no-build"
}

cpu_model() { sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1; }

# no_recorded_plan: refuses a set whose matrix-run.json lacks part of the plan (made before seeded rounds).
no_recorded_plan() {
  usage_error "--resume: $set_dir/matrix-run.json does not record a whole plan (profiles, flagSets, transports, runsPerProfile, seed, order, qpSettings, timeoutSecondsPerRun, host); a set made before seeded rounds cannot be resumed"
}

# recorded_list NAME POINTER: the array at POINTER in the resumed set's matrix-run.json into the array NAME.
recorded_list() {
  local lines
  lines="$(qp_summary_tool list "$set_dir/matrix-run.json" "$2")" || no_recorded_plan
  mapfile -t "$1" < <(printf '%s' "$lines")
}

# read_recorded_plan: the plan of the set being resumed, as its matrix-run.json records it. A set recorded on a
# machine with another CPU model or count is refused: all of a set's runs come from one machine.
read_recorded_plan() {
  local values facts=()
  values="$(qp_summary_tool get "$set_dir/matrix-run.json" /seed /runsPerProfile /timeoutSecondsPerRun \
    /host/cpuModel /host/cpuCount)" || no_recorded_plan
  mapfile -t facts <<<"$values"
  seed="${facts[0]}" runs="${facts[1]}" timeout_seconds="${facts[2]}"
  [[ "${facts[3]}" == "$(cpu_model)" && "${facts[4]}" == "$(nproc)" ]] \
    || usage_error "--resume: $matrix_id was recorded on another machine (${facts[3]}, ${facts[4]} CPUs; this one: $(cpu_model), $(nproc) CPUs); a set's runs must all come from one machine"
  recorded_list profiles /profiles
  recorded_list flag_sets /flagSets
  recorded_list transports /transports
  recorded_list qp_args /qpSettings
  recorded_list recorded_order /order
}

# decide_keep_queue: whether the runs keep their queues, into keep_queue. The benchmark's own decision (qp.keepQueue
# as its settings parse it: TRUE and " true " keep too), asked of Java, so this script never deletes a queue a run
# meant to keep; a value the benchmark would refuse is refused here, before anything is created.
decide_keep_queue() {
  keep_queue="$(qp_summary_tool keep-queue "${qp_args[@]}" 2>&1)" || usage_error "${keep_queue#SummaryTool: }"
}

if [[ -n "$resume_id" ]]; then
  ((${#plan_options[@]} == 0)) \
    || usage_error "${plan_options[0]}: a resumed set keeps its recorded plan; drop ${plan_options[0]}, or start a new set without --resume"
  [[ "$resume_id" =~ ^[A-Za-z0-9._-]{1,100}$ ]] \
    || usage_error "--resume: '$resume_id' is not a set id; accepted: 1 to 100 of A-Z a-z 0-9 . _ -"
  matrix_id="$resume_id"
  set_dir="$results_root/$matrix_id"
  [[ -f "$set_dir/matrix-run.json" ]] || usage_error "--resume: no set $set_dir (no matrix-run.json in it)"
  build_once
  read_recorded_plan
  decide_keep_queue
fi
if ! [[ "$runs" =~ ^[0-9]{1,3}$ ]] || ((runs < 1 || runs > 100)); then
  usage_error "--runs: '$runs' is not allowed; accepted: 1 to 100"
fi
if ! [[ "$timeout_seconds" =~ ^[0-9]{1,5}$ ]] || ((timeout_seconds < 10 || timeout_seconds > 86400)); then
  usage_error "--timeout: '$timeout_seconds' is not allowed; accepted: 10 to 86400 seconds per run"
fi
[[ "$matrix_id" =~ ^[A-Za-z0-9._-]{1,100}$ ]] \
  || usage_error "--id: '$matrix_id' is not allowed; accepted: 1 to 100 of A-Z a-z 0-9 . _ -"
if ! [[ "$seed" =~ ^[0-9]{1,10}$ ]] || ((10#$seed > 2147483647)); then
  usage_error "--seed: '$seed' is not allowed; accepted: 0 to 2147483647"
fi
seed=$((10#$seed))   # (a leading 0 is not octal)
resolved=()
for profile in "${profiles[@]}"; do
  name="$(qp_profile_resolve "$profile" 2>/dev/null)" \
    || usage_error "--profiles: no profile '$profile'; accepted: $(qp_profile_names all | paste -sd, -) or an alias in jvm-profiles/profiles.tsv"
  [[ "$name" == "$profile" ]] || qp_profile_resolve "$profile" >/dev/null   # an alias says that it is one, and what runs
  [[ " ${resolved[*]} " == *" $name "* ]] || resolved+=("$name")
done
profiles=("${resolved[@]}")
for flag_set in "${flag_sets[@]}"; do
  [[ "$flag_set" == default || "$flag_set" == tuned ]] \
    || usage_error "--flags: no flag set '$flag_set'; accepted: default, tuned"
done
for transport in "${transports[@]}"; do
  [[ "$transport" =~ ^[a-z0-9-]+$ ]] || usage_error "--transports: '$transport' is not a transport name"
done
for arg in "${qp_args[@]}"; do
  case "$arg" in
    -Dqp.resultsDir=*|-Dqp.profile=*|-Dqp.transport=*)
      usage_error "${arg%%=*}: set by the matrix itself; use --results, --profiles or --transports" ;;
  esac
done

# The units of the matrix: every (profile, flag set) under its label (<profile>, or <profile>-tuned: its folder and
# qp.profile), times every transport.
labels=()
declare -A label_profile label_flags
for profile in "${profiles[@]}"; do
  for flag_set in "${flag_sets[@]}"; do
    label="$profile"; [[ "$flag_set" == default ]] || label="$profile-$flag_set"
    labels+=("$label"); label_profile[$label]="$profile"; label_flags[$label]="$flag_set"
  done
done
units=()
for label in "${labels[@]}"; do
  for transport in "${transports[@]}"; do units+=("$label/$transport"); done
done

# Every round's order: a Fisher-Yates shuffle driven by a 31-bit linear congruential generator seeded with --seed,
# written out here so that a seed gives the same order on any bash and machine.
rng_state=$seed
declare -a round_order
for ((run = 1; run <= runs; run++)); do
  order=("${units[@]}")
  for ((i = ${#order[@]} - 1; i > 0; i--)); do
    rng_state=$(( (rng_state * 1103515245 + 12345) % 2147483648 ))
    j=$(( (rng_state >> 16) % (i + 1) ))   # the high bits: an LCG's low bits have short periods
    unit="${order[i]}"; order[i]="${order[j]}"; order[j]="$unit"
  done
  round_order[run]="${order[*]}"
done

if [[ -n "$resume_id" ]]; then
  ((${#recorded_order[@]} == runs)) || no_recorded_plan
  for ((run = 1; run <= runs; run++)); do
    [[ "${recorded_order[run - 1]//$'\t'/ }" == "${round_order[run]}" ]] \
      || usage_error "--resume: round $run's recorded order is not the one seed $seed gives with this script; resume the set with the commit that made it"
  done
else
  set_dir="$results_root/$matrix_id"
  [[ ! -e "$set_dir" ]] || usage_error "--id: $set_dir already exists; earlier results are never overwritten"
  build_once
  decide_keep_queue
  mkdir -p "$results_root"
  mkdir "$set_dir"
fi
# One matrix at a time per set: a second one (a resume of a set still running) is refused. The lock goes with the
# script and the runs it started.
exec {set_lock}<"$set_dir"
flock -n "$set_lock" || usage_error "--resume: another run-matrix is still working on $set_dir"
# A set still "running" whose lock was free lost its run-matrix without the trap (a killed shell or machine): that
# session is marked killed, and the pair it was running, which its profile.json does not record, runs again.
if [[ -n "$resume_id" && "$(qp_summary_tool get "$set_dir/matrix-run.json" /status)" == running ]]; then
  qp_summary_tool write-json --merge "$set_dir/matrix-run.json" "status=killed" "sessions[-1].status=killed"
  printf 'run-matrix: %s: its last session was killed while running; marked killed, its unfinished run runs again\n' \
    "$matrix_id" >&2
fi

# A private queue parent (mktemp -d: a fresh name, mode 700), so nothing in it belongs to another matrix or user.
queue_parent=/dev/shm
[[ -d "$queue_parent" && -w "$queue_parent" ]] || queue_parent="${TMPDIR:-/tmp}"
queue_root=""
user_queue_dir=false
for arg in "${qp_args[@]}"; do
  [[ "$arg" != -Dqp.queueDir=* ]] || user_queue_dir=true
done

# array_args KEY ITEM...: adds KEY as an array of the ITEMs (strings) to the caller's SummaryTool arguments, `args`.
array_args() {
  local key="$1" item
  shift
  args+=("$key:=[]")
  for item in "$@"; do args+=("${key}[]=$item"); done
}

started_at="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
# write_plan: a new set's matrix-run.json, whole: what was asked, on which machine, the seed and order; its status
# and sessions follow (write_status).
write_plan() {
  local args=() round units unit
  args+=("id=$matrix_id" "status=running" "startedAt=$started_at" "finishedAt=$started_at"
    "host.hostname=$(hostname 2>/dev/null || true)" "host.kernel=$(uname -r)" "host.cpuModel=$(cpu_model)"
    "host.cpuCount:=$(nproc)" "host.isolatedCpus=$(cat /sys/devices/system/cpu/isolated 2>/dev/null || true)")
  array_args profiles "${profiles[@]}"
  array_args flagSets "${flag_sets[@]}"
  array_args transports "${transports[@]}"
  args+=("runsPerProfile:=$runs"
    "runsAre=fresh JVMs: each (profile, flag set, transport) once per round, in a new random order each round"
    "seed:=$seed" "order:=[]")
  for ((round = 1; round <= runs; round++)); do   # each round's order: an array of "<label>/<transport>"
    args+=("order[]:=[]")
    read -r -a units <<<"${round_order[round]}"
    for unit in "${units[@]}"; do args+=("order[][]=$unit"); done
  done
  args+=("timeoutSecondsPerRun:=$timeout_seconds")
  array_args qpSettings "${qp_args[@]}"
  args+=("command=jvm-profiles/run-matrix.sh --design fresh $original_args" "sessions:=[]")
  qp_summary_tool write-json "$set_dir/matrix-run.json" "${args[@]}"
}

# write_status STATUS [ARG...]: merges the ARGs (SummaryTool write-json arguments) into matrix-run.json, then STATUS
# and the time as the set's status and finishedAt and as this session's (the last of sessions); the rest stays.
write_status() {
  local status="$1" now
  shift
  now="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  qp_summary_tool write-json --merge "$set_dir/matrix-run.json" "$@" "status=$status" "finishedAt=$now" \
    "sessions[-1].status=$status" "sessions[-1].finishedAt=$now"
}

# start_session: appends this invocation to matrix-run.json's sessions, with the code it runs: the commit and whether
# the tree has changes outside results/ (as each run's summary.json records them in provenance).
start_session() {
  local commit changes dirty=null
  commit="$(git -C "$project_dir" rev-parse HEAD 2>/dev/null)" || commit=unavailable
  if [[ "$commit" != unavailable ]] \
      && changes="$(git -C "$project_dir" status --porcelain -- . ':(exclude)results' 2>/dev/null)"; then
    if [[ -n "$changes" ]]; then dirty=true; else dirty=false; fi
  fi
  write_status running "sessions[]:={}" "sessions[-1].startedAt=$started_at" \
    "sessions[-1].command=jvm-profiles/run-matrix.sh --design fresh $original_args" "sessions[-1].gitCommit=$commit" \
    "sessions[-1].gitDirty:=$dirty" "sessions[-1].maxMinutes:=${max_minutes:-null}" "sessions[-1].runsStarted:=[]"
}

child_pid=""   # the running benchmark's process id, which is also its process group's (setsid, below)
lifeline=""    # the write end of the running benchmark's lifeline (start_lifeline)
# remove_leftover_queues: once a run's JVM has ended, a queue it left in the private root is a killed JVM's (its
# shutdown hook deletes it otherwise) and is removed, and said so; with qp.keepQueue=true nothing is ever removed.
# shellcheck disable=SC2317  # also called from the trap
remove_leftover_queues() {
  [[ -n "$queue_root" && "$keep_queue" == false ]] || return 0
  local dir
  for dir in "$queue_root"/qp-*; do
    [[ -e "$dir" ]] || continue
    printf 'run-matrix: removed the queue a killed JVM left: %s\n' "$dir" >&2
    rm -rf -- "$dir"
  done
}
# shellcheck disable=SC2317  # called from the trap
cleanup_queues() {
  [[ -n "$queue_root" ]] || return 0
  remove_leftover_queues
  rmdir -- "$queue_root" 2>/dev/null \
    || printf 'run-matrix: kept the queues in %s (qp.keepQueue=true); remove them when done\n' "$queue_root" >&2
  queue_root=""   # once: the EXIT trap calls this again
}

# The lifeline of each run (docs/faults.md): a watcher in a session of its own reads a pipe whose only writer is this
# script. The run writes its process id (its process group's: the run starts with setsid) there before anything else;
# this script writes "done" once the run has ended. End-of-file before "done" means the script died without running
# its traps (kill -9): the watcher then ends the run's whole process group (timeout, Maven, the forked benchmark JVM)
# with TERM, so the JVM's shutdown hook deletes its queue, and KILL 20 s later if any is left; then it removes the
# private queue root if that left it empty. The forked JVM also stops by itself once Maven, which holds its stdin,
# is gone (ParentLifeline).
# shellcheck disable=SC2016  # expanded by the watcher's bash, not here
lifeline_watcher='
  read -r group || exit 0
  ! read -r _ || exit 0
  kill -TERM -- "-$group" 2>/dev/null || kill -TERM "$group" 2>/dev/null
  for _ in $(seq 1 100); do kill -0 -- "-$group" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$group" 2>/dev/null
  [[ -z "$1" ]] || rmdir -- "$1" 2>/dev/null
  exit 0'
# start_lifeline: a watcher for the next run, its pipe's write end in `lifeline` (the run closes its copy).
start_lifeline() {
  exec {lifeline}> >(exec setsid bash -c "$lifeline_watcher" run-matrix-lifeline "$queue_root")
}
# end_lifeline: the run has ended (or been stopped here): the watcher leaves it alone.
# shellcheck disable=SC2317  # also called from the traps
end_lifeline() {
  [[ -n "$lifeline" ]] || return 0
  (printf 'done\n' >&"$lifeline") 2>/dev/null || true   # in a subshell: a gone watcher's SIGPIPE ends only that
  exec {lifeline}>&-
  lifeline=""
}
# stop_run: ends the running benchmark's process group, by its id: TERM (the JVM's shutdown hook deletes its queue;
# give it 10 s), then KILL for anything left in the group.
# shellcheck disable=SC2317  # called from the traps
stop_run() {
  [[ -n "$child_pid" ]] || return 0
  if kill -0 "$child_pid" 2>/dev/null; then
    kill -TERM -- "-$child_pid" 2>/dev/null || kill -TERM "$child_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 -- "-$child_pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -KILL -- "-$child_pid" 2>/dev/null || kill -KILL "$child_pid" 2>/dev/null || true
  fi
  wait "$child_pid" 2>/dev/null || true
  child_pid=""
  end_lifeline
}
# shellcheck disable=SC2317  # called from the trap
on_interrupt() {
  trap - HUP INT TERM
  printf '\nrun-matrix: interrupted; stopping the running JVM and removing its queue data\n' >&2
  stop_run
  cleanup_queues
  write_status interrupted
  exit 130
}
# on_exit: however else the script ends (an error under set -e), no run it started and no queue it made outlives it.
# shellcheck disable=SC2317  # called from the trap
on_exit() {
  stop_run
  cleanup_queues
}

# read_recorded_runs LABEL: the runs a resumed set's profile.json records for LABEL, into `recorded`, and its status:
# a failed run keeps it failed; a missing or ok profile is looked for again below.
read_recorded_runs() {
  local file="$set_dir/$1/profile.json" values facts=() lines=() line
  values="$(qp_summary_tool get "$file" /status /reason /javaVersion)" || usage_error "--resume: cannot read $file"
  mapfile -t facts <<<"$values"
  [[ "${facts[0]}" != failed ]] || { profile_status[$1]=failed; profile_reason[$1]="${facts[1]}"; }
  recorded_java_version[$1]="${facts[2]}"
  values="$(qp_summary_tool list "$file" /runs /run /transport)" || usage_error "--resume: cannot read the runs in $file"
  mapfile -t lines < <(printf '%s' "$values")
  for line in "${lines[@]}"; do recorded["${line%%$'\t'*} $1/${line#*$'\t'}"]=1; done
}

# The (round, unit) pairs that have a run recorded, as "<round> <label>/<transport>": none in a new set.
declare -A recorded=() profile_status profile_reason recorded_java_version
for label in "${labels[@]}"; do
  profile_status[$label]=ok
  profile_reason[$label]=""
  mkdir -p "$set_dir/$label"
  [[ ! -f "$set_dir/$label/profile.json" ]] || read_recorded_runs "$label"
done
planned=$((runs * ${#units[@]}))

[[ -n "$resume_id" ]] || write_plan
start_session
trap on_interrupt HUP INT TERM
trap on_exit EXIT

# write_profile_json LABEL: profile.json with the profile's JVM (or why none) and no runs yet (record_run adds them);
# a resumed set's keeps the runs it records.
write_profile_json() {
  local profile="$1" base="${label_profile[$1]}" merge=() no_runs=("runs:=[]")
  [[ ! -f "$set_dir/$1/profile.json" ]] || { merge=(--merge); no_runs=(); }
  qp_summary_tool write-json "${merge[@]}" "$set_dir/$profile/profile.json" "profile=$profile" "baseProfile=$base" \
    "flagSet=${label_flags[$profile]}" \
    "flagSetFlags=$(qp_profile_flags "$base" "${label_flags[$profile]}" | paste -sd' ' -)" \
    "compiler=$(qp_profile_field "$base" compiler)" "describedAs=$(qp_profile_describe "$base")" \
    "status=${profile_status[$profile]}" "reason=${profile_reason[$profile]}" \
    "expectedJavaSpec=${expected_spec[$profile]:-}" "expectsGraal:=${expects_graal[$profile]:-false}" \
    "javaHome=${java_home[$profile]:-}" "javaVersion=${java_version[$profile]:-}" \
    "jvmFoundBy=${jvm_origin[$profile]:-}" "jvmDistribution=${jvm_distribution[$profile]:-}" \
    "jvmFlags=${jvm_flags[$profile]:-}" "${no_runs[@]}"
}

# Resolve every profile once, in a subshell, so a missing JDK is found before any run starts.
declare -A expected_spec expects_graal java_home jvm_flags java_version jvm_origin jvm_distribution
for profile in "${labels[@]}"; do
  if env_dump="$(
    # shellcheck source=/dev/null disable=SC2153  # JAVA_HOME and QP_* are set by the profile
    QP_QUIET=1 source "$profiles_dir/use.sh" "${label_profile[$profile]}" "${label_flags[$profile]}" \
      2>"$set_dir/$profile/activation.log" \
      && printf '%s\n' "$QP_EXPECTED_JAVA_SPEC" "$QP_EXPECTS_GRAAL" "$JAVA_HOME" "$QP_JVM_FLAGS" "$QP_JAVA_VERSION" \
           "$QP_JVM_ORIGIN" "$QP_JVM_DISTRIBUTION"
  )"; then
    mapfile -t facts <<<"$env_dump"
    expected_spec[$profile]="${facts[0]}"
    expects_graal[$profile]="${facts[1]}"
    java_home[$profile]="${facts[2]}"
    jvm_flags[$profile]="${facts[3]}"
    java_version[$profile]="${facts[4]:-}"
    jvm_origin[$profile]="${facts[5]:-}"
    jvm_distribution[$profile]="${facts[6]:-}"
    rm -f "$set_dir/$profile/activation.log"
    earlier="${recorded_java_version[$profile]:-}"
    [[ -z "$earlier" || "$earlier" == "${java_version[$profile]}" ]] \
      || printf 'run-matrix: %-14s now runs Java %s, earlier sessions Java %s (each summary.json records its own)\n' \
        "$profile" "${java_version[$profile]}" "$earlier" >&2
  else
    profile_status[$profile]=missing
    profile_reason[$profile]="$(tr '\n' ' ' <"$set_dir/$profile/activation.log")"
    printf 'run-matrix: %-14s missing: %s\n' "$profile" "${profile_reason[$profile]}" >&2
  fi
  write_profile_json "$profile"
done

# record_run PROFILE RUN TRANSPORT STATUS EXIT FOLDER REASON LOG: adds the run to PROFILE's profile.json.
record_run() {
  local entry="$set_dir/.run-entry.json" tail_text="" failure=()
  [[ ! -f "$8" ]] || tail_text="$(tail -n 25 "$8")"
  qp_summary_tool write-json "$entry" "run:=$2" "transport=$3" "status=$4" "exitCode:=$5" "resultsFolder=$6" \
    "reason=$7" "log=$(basename "$8")" "outputTail=$tail_text"
  if [[ "$4" != ok ]]; then
    profile_status[$1]=failed
    profile_reason[$1]="run $2 ($3): $7"
    failure=("status=failed" "reason=${profile_reason[$1]}")
  fi
  qp_summary_tool write-json --merge "$set_dir/$1/profile.json" "runs[]@=$entry" "${failure[@]}"
  rm -f -- "$entry"
}

# verify_summary PROFILE FOLDER LOG: why the run did not pass on the intended JVM, or nothing. The summary is read
# through the results model (SummaryTool); if it cannot be read, SummaryTool's error goes to the end of LOG.
verify_summary() {
  local summary="$2/summary.json" values facts=() read_status=0
  [[ -f "$summary" ]] || { echo "no summary.json in $2"; return; }
  values="$(qp_summary_tool field "$summary" /environment/java.specification.version /environment/jit/graalInUse \
    /status 2>>"$3")" || read_status=$?
  ((read_status != 2)) || { echo "summary.json unreadable by the results model; see $(basename "$3")"; return; }
  mapfile -t facts <<<"$values"
  local spec="${facts[0]:-}" graal="${facts[1]:-}" status="${facts[2]:-}"
  local want="${expected_spec[$1]}"
  [[ "$want" != 8 ]] || want=1.8
  if [[ "$spec" != "$want" ]]; then
    echo "ran on Java $spec, expected Java $want"
  elif [[ "$graal" != "${expects_graal[$1]}" ]]; then
    echo "Graal in use: $graal, expected $([[ "${expects_graal[$1]}" == true ]] && echo true || echo false)"
  elif [[ "$status" != passed ]]; then
    echo "benchmark checks failed: $(sed -n 's/^FAILED: //p' "$3" | head -n 1)"
  fi
}

if [[ "$dry_run" == true ]]; then
  for ((run = 1; run <= runs; run++)); do echo "run-matrix: round $run/$runs: ${round_order[run]}"; done
  write_status dry-run
  echo "run-matrix: dry run (seed $seed), nothing ran; plan in $set_dir/matrix-run.json"
  exit 0
fi

queue_arg=()
if [[ "$user_queue_dir" == false ]]; then
  queue_root="$(mktemp -d "$queue_parent/qp-matrix-XXXXXXXX")"
  queue_arg=("-Dqp.queueDir=$queue_root")
  echo "run-matrix: queues in $queue_root (private to this matrix)"
fi
if [[ -n "$resume_id" ]]; then
  echo "run-matrix: resuming $matrix_id: ${#recorded[@]} of $planned planned runs done; the others run in the recorded order (seed $seed)"
else
  echo "run-matrix: ${#units[@]} units x $runs fresh JVMs each, in a random order per round (seed $seed; --seed $seed replays it)"
fi
# out_of_time: whether --max-minutes have passed since the script started, after which no new run starts.
out_of_time() { [[ -n "$max_minutes" ]] && ((SECONDS >= max_minutes * 60)); }
stopped=false
for ((run = 1; run <= runs; run++)); do
  read -r -a order <<<"${round_order[run]}"
  for unit in "${order[@]}"; do
    profile="${unit%/*}" transport="${unit#*/}"
    [[ -z "${recorded[$run $unit]:-}" && "${profile_status[$profile]}" != missing ]] || continue
    if out_of_time; then stopped=true; break 2; fi
    write_status running "sessions[-1].runsStarted[]=$run/$unit"
    log="$set_dir/$profile/run-$run-$transport.log"
    printf 'run-matrix: %-14s run %d/%d %-10s ' "$profile" "$run" "$runs" "$transport"
    set +e
    start_lifeline
    (
      # its id to the lifeline first, then the run keeps no copy of the pipe: only this script holds it open
      printf '%s\n' "$BASHPID" >&"$lifeline"
      exec {lifeline}>&-
      # shellcheck source=/dev/null
      QP_QUIET=1 source "$profiles_dir/use.sh" "${label_profile[$profile]}" "${label_flags[$profile]}" >/dev/null 2>&1
      cd "$project_dir"
      # setsid: the run becomes a process group (and session) of its own, whose id is this pid, so it is stopped by
      # that id with everything it started, never by a pattern matched against command lines
      exec setsid timeout --kill-after=20 "$timeout_seconds" mvn -q -B -Dstyle.color=never \
        exec:java@QueuePerformance "-Dqp.resultsDir=$set_dir/$profile" "-Dqp.transport=$transport" \
        "${queue_arg[@]}" "${qp_args[@]}"
    ) >"$log" 2>&1 </dev/null &
    child_pid=$!
    wait "$child_pid"
    exit_code=$?
    set -e
    child_pid=""
    end_lifeline
    remove_leftover_queues
    folder="$(sed -n 's/^results: //p' "$log" | tail -n 1)"
    if ((exit_code == 124 || exit_code == 137)); then
      status=timeout reason="no result within --timeout $timeout_seconds s; killed"
    elif [[ -z "$folder" ]]; then
      status=failed reason="exit code $exit_code before any result; see $(basename "$log")"
    else
      reason="$(verify_summary "$profile" "$folder" "$log")"
      if [[ -n "$reason" ]]; then status=failed; else status=ok; fi
      [[ -n "$reason" ]] || ((exit_code == 0)) || { status=failed; reason="exit code $exit_code"; }
      folder="${folder#"$set_dir/"}"
    fi
    echo "$status${reason:+: $reason}"
    record_run "$profile" "$run" "$transport" "$status" "$exit_code" "$folder" "$reason" "$log"
    recorded[$run $unit]=1
  done
done
cleanup_queues

failed=0
for label in "${labels[@]}"; do
  [[ "${profile_status[$label]}" == ok ]] || failed=1
done
if [[ "$stopped" == true ]]; then
  write_status partial
elif ((failed == 0)); then
  write_status complete
else
  write_status complete-with-failures
fi

echo "run-matrix: writing the report"
(
  cd "$project_dir"
  mvn -q -B -Dstyle.color=never exec:java@Report "-Dexec.args=$set_dir"
  mvn -q -B -Dstyle.color=never exec:java@Report "-Dexec.args=--index $results_root"
) || failed=1
if [[ "$stopped" == true ]]; then
  continue_with="jvm-profiles/run-matrix.sh --design fresh --resume $matrix_id"
  [[ "$results_root" == "$default_results_root" ]] || continue_with+=" --results $(printf '%q' "$results_root")"
  echo "run-matrix: stopped after --max-minutes $max_minutes: ${#recorded[@]} of $planned planned runs done; continue with: $continue_with"
fi
echo "results: $set_dir"
[[ "$stopped" == false ]] || exit 3
exit "$failed"
