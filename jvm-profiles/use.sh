# shellcheck shell=bash
# Activate a JVM profile in this (bash) shell:
#   source jvm-profiles/use.sh <profile|alias> [default|tuned]
# Sets JAVA_HOME, PATH, QP_JVM_FLAGS and QP_*; then `mvn -q compile exec:java@QueuePerformance` runs on that
# JVM with those flags. The profiles are the rows of jvm-profiles/profiles.tsv (docs/jvm-profiles.md).
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  echo "jvm-profiles: source this file, do not run it:  source ${BASH_SOURCE[0]} <profile> [default|tuned]" >&2
  exit 2
fi
if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
  sed -n '2,5s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
  return 0
fi
if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "jvm-profiles: usage: source jvm-profiles/use.sh <profile|alias> [default|tuned]" >&2
  return 2
fi
# shellcheck source=lib/activate.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/activate.sh" && qp_activate "$@"
