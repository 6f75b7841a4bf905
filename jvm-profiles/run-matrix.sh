#!/usr/bin/env bash
# Reruns the QueuePerformance benchmark under each JVM profile and collects the results in one set folder:
#
#   jvm-profiles/run-matrix.sh [--profiles jdk8,jdk17,...] [--runs N] [--transports chronicle,...]
#                              [--timeout SECONDS] [--id NAME] [--results DIR] [--no-build] [-Dqp.NAME=VALUE ...]
#
# results/<id>/matrix-run.json          what was asked, on which machine, and how it ended
# results/<id>/<profile>/profile.json   per profile: found or not, and each run's status, reason and output tail
# results/<id>/<profile>/<run folders>  ordinary QueuePerformance results folders
# then the Report tool writes matrix.json, matrix.csv, report.md and charts/ into results/<id>/, prints a table
# across JVMs, and regenerates the index results/README.md.
#
# Runs are interleaved (run 1 of every profile, then run 2 ...) so that drift in the machine's state over the
# matrix affects every JVM alike. Exit status: 0 when every run passed, 1 when any run failed or a profile was
# missing, 2 for bad arguments, 130 when interrupted.
set -euo pipefail

profiles_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
project_dir="$(dirname "$profiles_dir")"
all_profiles=(jdk8 jdk11 jdk17 jdk21 jdk25 graalvm-jit11 graalvm-ce17 graalvm-ce21 graalvm-ce25)

usage_error() {
  printf 'run-matrix: %s\n' "$1" >&2
  exit 2
}

original_args="$*"
profiles=("${all_profiles[@]}")
transports=(chronicle)
transport_arg=false
build=true
runs=3
timeout_seconds=900
matrix_id="$(date -u +%Y%m%dT%H%M%SZ)-$(hostname -s 2>/dev/null || echo host)-matrix"
results_root="$project_dir/results"
qp_args=()
while (($#)); do
  case "$1" in
    --profiles) [[ $# -ge 2 ]] || usage_error "--profiles needs a comma-separated list; accepted: ${all_profiles[*]}"
      IFS=, read -r -a profiles <<<"$2"; shift 2 ;;
    --transports) [[ $# -ge 2 ]] || usage_error "--transports needs a comma-separated list, e.g. chronicle,floor"
      IFS=, read -r -a transports <<<"$2"; transport_arg=true; shift 2 ;;
    --runs) runs="${2:-}"; shift 2 || usage_error "--runs needs a value" ;;
    --timeout) timeout_seconds="${2:-}"; shift 2 || usage_error "--timeout needs a value" ;;
    --id) matrix_id="${2:-}"; shift 2 || usage_error "--id needs a value" ;;
    --results) results_root="${2:-}"; shift 2 || usage_error "--results needs a value" ;;
    --no-build) build=false; shift ;;
    -Dqp.*=*) qp_args+=("$1"); shift ;;
    -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) usage_error "unknown argument '$1'; accepted: --profiles, --transports, --runs, --timeout, --id, --results, --no-build, -Dqp.NAME=VALUE" ;;
  esac
done
if ! [[ "$runs" =~ ^[0-9]{1,3}$ ]] || ((runs < 1 || runs > 100)); then
  usage_error "--runs: '$runs' is not allowed; accepted: 1 to 100"
fi
if ! [[ "$timeout_seconds" =~ ^[0-9]{1,5}$ ]] || ((timeout_seconds < 10 || timeout_seconds > 86400)); then
  usage_error "--timeout: '$timeout_seconds' is not allowed; accepted: 10 to 86400 seconds per run"
fi
[[ "$matrix_id" =~ ^[A-Za-z0-9._-]{1,100}$ ]] \
  || usage_error "--id: '$matrix_id' is not allowed; accepted: 1 to 100 of A-Z a-z 0-9 . _ -"
for profile in "${profiles[@]}"; do
  [[ -f "$profiles_dir/$profile.sh" ]] \
    || usage_error "--profiles: no profile '$profile'; accepted: ${all_profiles[*]} or another jvm-profiles/<name>.sh"
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

set_dir="$results_root/$matrix_id"
[[ ! -e "$set_dir" ]] || usage_error "--id: $set_dir already exists; earlier results are never overwritten"
mkdir -p "$results_root"
mkdir "$set_dir"

# A private queue parent (mktemp -d: a fresh name, mode 700), so nothing in it belongs to another matrix or user.
queue_parent=/dev/shm
[[ -d "$queue_parent" && -w "$queue_parent" ]] || queue_parent="${TMPDIR:-/tmp}"
queue_root=""
user_queue_dir=false
keep_queue=false
for arg in "${qp_args[@]}"; do
  [[ "$arg" != -Dqp.queueDir=* ]] || user_queue_dir=true
  [[ "$arg" != -Dqp.keepQueue=true ]] || keep_queue=true
done

# json_string VALUE: VALUE as a JSON string literal.
json_string() {
  local s="$1"
  s="${s//\\/\\\\}"; s="${s//\"/\\\"}"; s="${s//$'\t'/\\t}"; s="${s//$'\r'/}"; s="${s//$'\n'/\\n}"
  s="$(printf '%s' "$s" | tr -d '\000-\010\013\014\016-\037')"
  printf '"%s"' "$s"
}

# json_array ITEM...: the items as a JSON array of strings.
json_array() {
  local first=true item
  printf '['
  for item in "$@"; do
    $first || printf ', '
    first=false
    json_string "$item"
  done
  printf ']'
}

# summary_field FILE KEY: the first "KEY" : value of a summary.json (written by Jackson, one key per line).
summary_field() {
  sed -n "s/^ *\"$2\" : \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}\$/\1/p" "$1" | head -n 1
}

started_at="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
write_matrix_run() {
  local status="$1"
  cat >"$set_dir/.matrix-run.json.tmp" <<EOF
{
  "id" : $(json_string "$matrix_id"),
  "status" : $(json_string "$status"),
  "startedAt" : $(json_string "$started_at"),
  "finishedAt" : $(json_string "$(date -u +%Y-%m-%dT%H:%M:%SZ)"),
  "host" : {
    "hostname" : $(json_string "$(hostname 2>/dev/null || true)"),
    "kernel" : $(json_string "$(uname -r)"),
    "cpuModel" : $(json_string "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)"),
    "cpuCount" : $(nproc),
    "isolatedCpus" : $(json_string "$(cat /sys/devices/system/cpu/isolated 2>/dev/null || true)")
  },
  "profiles" : $(json_array "${profiles[@]}"),
  "transports" : $(json_array "${transports[@]}"),
  "runsPerProfile" : $runs,
  "timeoutSecondsPerRun" : $timeout_seconds,
  "qpSettings" : $(json_array "${qp_args[@]}"),
  "command" : $(json_string "jvm-profiles/run-matrix.sh $original_args")
}
EOF
  mv "$set_dir/.matrix-run.json.tmp" "$set_dir/matrix-run.json"
}

child_pid=""
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
}
# shellcheck disable=SC2317  # called from the trap
on_interrupt() {
  trap - HUP INT TERM
  printf '\nrun-matrix: interrupted; stopping the running JVM and removing its queue data\n' >&2
  if [[ -n "$child_pid" ]] && kill -0 "$child_pid" 2>/dev/null; then
    kill -TERM "$child_pid" 2>/dev/null || true
    # timeout(1) passes TERM on to the JVM, whose shutdown hook deletes its queue; give it a moment.
    for _ in $(seq 1 50); do
      kill -0 "$child_pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -KILL "$child_pid" 2>/dev/null || true
    pkill -KILL -f -- "-Dqp.resultsDir=$set_dir/" 2>/dev/null || true
  fi
  cleanup_queues
  write_matrix_run interrupted
  exit 130
}
trap on_interrupt HUP INT TERM

write_matrix_run running
if [[ "$build" == true ]]; then
  echo "run-matrix: building once with $(java -version 2>&1 | head -n 1)"
  (cd "$project_dir" && mvn -q -B -Dstyle.color=never -DskipTests compile)
fi

declare -A profile_status profile_reason profile_runs
for profile in "${profiles[@]}"; do
  profile_status[$profile]=ok
  profile_reason[$profile]=""
  profile_runs[$profile]=""
  mkdir -p "$set_dir/$profile"
done

# write_profile_json PROFILE: profile.json from what has been recorded so far.
write_profile_json() {
  local profile="$1" dir="$set_dir/$1"
  cat >"$dir/.profile.json.tmp" <<EOF
{
  "profile" : $(json_string "$profile"),
  "status" : $(json_string "${profile_status[$profile]}"),
  "reason" : $(json_string "${profile_reason[$profile]}"),
  "expectedJavaSpec" : $(json_string "${expected_spec[$profile]:-}"),
  "expectsGraal" : ${expects_graal[$profile]:-false},
  "javaHome" : $(json_string "${java_home[$profile]:-}"),
  "jvmFlags" : $(json_string "${jvm_flags[$profile]:-}"),
  "runs" : [${profile_runs[$profile]}
  ]
}
EOF
  mv "$dir/.profile.json.tmp" "$dir/profile.json"
}

# Resolve every profile once, in a subshell, so a missing JDK is found before any run starts.
declare -A expected_spec expects_graal java_home jvm_flags
for profile in "${profiles[@]}"; do
  if env_dump="$(
    # shellcheck source=/dev/null disable=SC2153  # JAVA_HOME and QP_JVM_FLAGS are set by the profile
    QP_QUIET=1 source "$profiles_dir/$profile.sh" 2>"$set_dir/$profile/activation.log" \
      && printf '%s\n%s\n%s\n%s\n' "$QP_EXPECTED_JAVA_SPEC" "$QP_EXPECTS_GRAAL" "$JAVA_HOME" "$QP_JVM_FLAGS"
  )"; then
    mapfile -t facts <<<"$env_dump"
    expected_spec[$profile]="${facts[0]}"
    expects_graal[$profile]="${facts[1]}"
    java_home[$profile]="${facts[2]}"
    jvm_flags[$profile]="${facts[3]}"
    rm -f "$set_dir/$profile/activation.log"
  else
    profile_status[$profile]=missing
    profile_reason[$profile]="$(tr '\n' ' ' <"$set_dir/$profile/activation.log")"
    printf 'run-matrix: %-14s missing: %s\n' "$profile" "${profile_reason[$profile]}" >&2
  fi
  write_profile_json "$profile"
done

# record_run PROFILE RUN TRANSPORT STATUS EXIT FOLDER REASON LOG
record_run() {
  local entry tail_text=""
  [[ ! -f "$8" ]] || tail_text="$(tail -n 25 "$8")"
  entry="$(printf '\n    { "run" : %s, "transport" : %s, "status" : %s, "exitCode" : %s, "resultsFolder" : %s, "reason" : %s, "log" : %s, "outputTail" : %s }' \
    "$2" "$(json_string "$3")" "$(json_string "$4")" "$5" "$(json_string "$6")" "$(json_string "$7")" \
    "$(json_string "$(basename "$8")")" "$(json_string "$tail_text")")"
  [[ -z "${profile_runs[$1]}" ]] || entry=",$entry"
  profile_runs[$1]+="$entry"
  if [[ "$4" != ok ]]; then
    profile_status[$1]=failed
    profile_reason[$1]="run $2 ($3): $7"
  fi
  write_profile_json "$1"
}

# verify_summary PROFILE FOLDER LOG: why the run did not pass on the intended JVM, or nothing.
verify_summary() {
  local summary="$2/summary.json" spec graal status
  [[ -f "$summary" ]] || { echo "no summary.json in $2"; return; }
  spec="$(summary_field "$summary" java.specification.version)"
  graal="$(summary_field "$summary" graalInUse)"
  status="$(summary_field "$summary" status)"
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

queue_arg=()
if [[ "$user_queue_dir" == false ]]; then
  queue_root="$(mktemp -d "$queue_parent/qp-matrix-XXXXXXXX")"
  queue_arg=("-Dqp.queueDir=$queue_root")
  echo "run-matrix: queues in $queue_root (private to this matrix)"
fi
for ((run = 1; run <= runs; run++)); do
  for profile in "${profiles[@]}"; do
    [[ "${profile_status[$profile]}" != missing ]] || continue
    for transport in "${transports[@]}"; do
      log="$set_dir/$profile/run-$run-$transport.log"
      transport_setting=()
      [[ "$transport_arg" == false ]] || transport_setting=("-Dqp.transport=$transport")
      printf 'run-matrix: %-14s run %d/%d %-10s ' "$profile" "$run" "$runs" "$transport"
      set +e
      (
        # shellcheck source=/dev/null
        QP_QUIET=1 source "$profiles_dir/$profile.sh" >/dev/null 2>&1
        cd "$project_dir"
        exec timeout --kill-after=20 "$timeout_seconds" mvn -q -B -Dstyle.color=never exec:java@QueuePerformance \
          "-Dqp.resultsDir=$set_dir/$profile" "${transport_setting[@]}" "${queue_arg[@]}" "${qp_args[@]}"
      ) >"$log" 2>&1 </dev/null &
      child_pid=$!
      wait "$child_pid"
      exit_code=$?
      set -e
      child_pid=""
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
    done
  done
done
cleanup_queues

failed=0
for profile in "${profiles[@]}"; do
  [[ "${profile_status[$profile]}" == ok ]] || failed=1
done
write_matrix_run "$([[ $failed == 0 ]] && echo complete || echo complete-with-failures)"

echo "run-matrix: writing the report"
(
  cd "$project_dir"
  mvn -q -B -Dstyle.color=never exec:java@Report "-Dexec.args=$set_dir"
  mvn -q -B -Dstyle.color=never exec:java@Report "-Dexec.args=--index $results_root"
) || failed=1
echo "results: $set_dir"
exit "$failed"
