#!/usr/bin/env bash
# The interleaved design of run-matrix.sh, its default (docs/interleaved.md): resolves
# each variant (profile x flag set) to its Java home and JVM flags, as `source jvm-profiles/use.sh` would, and
# hands them to the Java comparison (compare.Comparison), which starts, warms and interleaves the JVMs itself.
#
#   run-matrix.sh [--design interleaved] [--profiles P1,P2,...] [--flags default,tuned] [--inject-spin NANOS]
#                 [--blocks N] [--cycles N] [--seed S] [--max-minutes M] [-Dqp.NAME=VALUE ...]
#
# A profile named twice is two variants of the same JVM (an A/A comparison): jdk17#1, jdk17#2.
# --inject-spin N1[,N2...]: known differences: the last variants' consumers spin N1, N2... ns before each receive
#   stamp (the last but one N1 and the last N2, for two); every other variant runs the same code with 0
#   (qp.injectConsumerSpinNanos, qp.injectEveryMessages=1). A spin for every variant makes a fair control
#   (entering the spin costs too):
#   --profiles jdk17,jdk17,jdk17 --inject-spin 100,400,1100.
# Exit status: the comparison's (0 every block completed, 1 a block or a variant's voids failed, 2 bad input).
set -euo pipefail

lib_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
project_dir="$(cd "$lib_dir/../.." && pwd)"
# shellcheck source=profiles.sh
. "$lib_dir/profiles.sh"

usage_error() {
  printf 'run-matrix: %s\n' "$1" >&2
  exit 2
}

# --inject-spin's upper bound (a spin on every message; qp.injectConsumerSpinNanos itself takes up to 1 s), so a
# bad --inject-spin stops before the build; the comparison checks every variant's settings before any JVM starts
max_spin_nanos=1000000

# N1[,N2...], each 0 to max_spin_nanos, as one line naming the accepted range or nothing
check_spins() {
  local spin spin_list=()
  local accepted="accepted: a comma-separated list of 0 to $max_spin_nanos (ns)"
  [[ "$1" =~ ^(0|[1-9][0-9]*)(,(0|[1-9][0-9]*))*$ ]] || usage_error "--inject-spin: '$1' is not allowed; $accepted"
  IFS=, read -r -a spin_list <<<"$1"
  for spin in "${spin_list[@]}"; do
    # the length first: a long number would overflow bash's arithmetic
    (( ${#spin} <= ${#max_spin_nanos} && spin <= max_spin_nanos )) \
      || usage_error "--inject-spin: $spin is out of range; $accepted"
  done
}

mapfile -t profiles < <(qp_profile_names default)
flag_sets=(default)
spins=()
qp_args=()
while (($#)); do
  case "$1" in
    --profiles) [[ $# -ge 2 ]] || usage_error "--profiles needs a comma-separated list; accepted: $(qp_profile_names all | paste -sd, -)"
      IFS=, read -r -a profiles <<<"$2"; shift 2 ;;
    --flags) [[ $# -ge 2 ]] || usage_error "--flags needs a comma-separated list; accepted: default, tuned"
      IFS=, read -r -a flag_sets <<<"$2"; shift 2 ;;
    --inject-spin) check_spins "${2:-}"
      IFS=, read -r -a spins <<<"$2"; shift 2 ;;
    --blocks) qp_args+=("-Dqp.compare.blocks=${2:-}"); shift 2 || usage_error "--blocks needs a value" ;;
    --cycles) qp_args+=("-Dqp.compare.cycles=${2:-}"); shift 2 || usage_error "--cycles needs a value" ;;
    --seed) qp_args+=("-Dqp.compare.seed=${2:-}"); shift 2 || usage_error "--seed needs a value" ;;
    --max-minutes) qp_args+=("-Dqp.compare.maxMinutes=${2:-}"); shift 2 || usage_error "--max-minutes needs a value" ;;
    -Dqp.*=*) qp_args+=("$1"); shift ;;
    -h|--help) qp_usage "${BASH_SOURCE[0]}"
      echo "Settings (-Dqp.compare.*): docs/settings.md; the fresh design: run-matrix.sh --design fresh --help"
      exit 0 ;;
    --runs|--resume|--transports|--timeout|--id|--results|--no-build|--dry-run)
      usage_error "$1 is an option of --design fresh (fresh JVMs one after another); the default design is interleaved: add --design fresh" ;;
    *) usage_error "--design interleaved: unknown argument '$1'; accepted: --profiles, --flags, --inject-spin, --blocks, --cycles, --seed, --max-minutes, -Dqp.NAME=VALUE, --help" ;;
  esac
done

# one variant per (profile, flag set), in the order given; a name seen before gets #1, #2, ...
variants=()
declare -A seen=()
units=()
for profile in "${profiles[@]}"; do
  for flag_set in "${flag_sets[@]}"; do
    units+=("$profile|$flag_set")
    label="$profile"; [[ "$flag_set" == default ]] || label="$profile-$flag_set"
    seen[$label]=$(( ${seen[$label]:-0} + 1 ))
  done
done
declare -A numbered=()
first_spun=$(( ${#units[@]} - ${#spins[@]} ))
(( first_spun >= 0 )) || usage_error "--inject-spin: ${#spins[@]} spins for ${#units[@]} variants"
for i in "${!units[@]}"; do
  IFS='|' read -r profile flag_set <<<"${units[$i]}"
  # activation in a subshell: its JAVA_HOME and QP_JVM_FLAGS, nothing else, come back
  resolved="$(QP_QUIET=1 bash -c '. "$1/activate.sh" && qp_activate "$2" "$3" && printf "%s|%s" "$JAVA_HOME" "$QP_JVM_FLAGS"' \
    _ "$lib_dir" "$profile" "$flag_set")" || usage_error "profile $profile ($flag_set flags) could not be activated (see above)"
  label="$profile"; [[ "$flag_set" == default ]] || label="$profile-$flag_set"
  if (( ${seen[$label]} > 1 )); then
    numbered[$label]=$(( ${numbered[$label]:-0} + 1 ))
    label="$label#${numbered[$label]}"
  fi
  if (( ${#spins[@]} > 0 )); then
    value=0
    if (( i >= first_spun )); then
      value="${spins[$((i - first_spun))]}"
      label="$label+spin$value"
    fi
    resolved="$resolved -Dqp.injectConsumerSpinNanos=$value -Dqp.injectEveryMessages=1"
  fi
  variants+=("$label=$resolved")
done
(( ${#variants[@]} >= 2 )) || usage_error "--design interleaved compares 2 or more variants; got ${#variants[@]} (name a profile twice for an A/A comparison)"
joined="$(IFS=';'; printf '%s' "${variants[*]}")"
cd "$project_dir"
# the parent holds a few histograms at a time: its heap bound is what the memory check counts for it
export MAVEN_OPTS="-Xmx1g${MAVEN_OPTS:+ $MAVEN_OPTS}"
exec mvn -q -B -Dstyle.color=never compile exec:java@Compare "-Dqp.compare.variants=$joined" "${qp_args[@]}"
