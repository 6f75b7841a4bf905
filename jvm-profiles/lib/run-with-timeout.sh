#!/usr/bin/env bash
# run-with-timeout.sh SECONDS COMMAND [ARG...]
#
# Runs one benchmark run (or any command) with a time limit, stopping it the way
# that loses the least: SIGTERM first, so the benchmark's shutdown hook deletes
# its queue from /dev/shm; SIGKILL only if it is still there QP_KILL_AFTER
# seconds later (default 30).
#
# Contract (what jvm-profiles/run-matrix.sh can rely on):
#   exit status  COMMAND's own status when it ends within SECONDS
#                (QueuePerformance: 0 passed, 1 a check failed, 2 bad setting)
#                124  stopped by SIGTERM at the limit: the queue is deleted; the
#                     run's results folder keeps its RUNNING file and has no
#                     summary.json, so it is not a result (record "timeout")
#                137  still running after the grace period, killed with SIGKILL:
#                     the queue is left behind and the next benchmark run removes
#                     it ("[qp] removed stale queue directory ...")
#   stderr       one "run-with-timeout: ..." line when the limit was hit
#   signals      go to COMMAND's whole process group, so `mvn exec:java` and the
#                JVM it execs are both reached
#   results      a folder whose summary.json is missing or not "passed" is never
#                a result, whatever the exit status
set -euo pipefail

usage() {
  echo "usage: $0 SECONDS COMMAND [ARG...]   (QP_KILL_AFTER: grace seconds before SIGKILL, default 30)" >&2
  exit 2
}

[[ $# -ge 2 ]] || usage
limit="$1"
shift
grace="${QP_KILL_AFTER:-30}"
[[ "$limit" =~ ^[1-9][0-9]*$ ]] || { echo "run-with-timeout: SECONDS must be a positive integer, got '$limit'" >&2; exit 2; }
[[ "$grace" =~ ^[1-9][0-9]*$ ]] || { echo "run-with-timeout: QP_KILL_AFTER must be a positive integer, got '$grace'" >&2; exit 2; }
command -v timeout >/dev/null || { echo "run-with-timeout: needs coreutils timeout" >&2; exit 2; }

status=0
timeout --signal=TERM --kill-after="${grace}s" "${limit}s" "$@" || status=$?
case "$status" in
  124) echo "run-with-timeout: stopped with SIGTERM after ${limit} s (time limit); its queue was deleted, its results folder is not a result" >&2 ;;
  137) echo "run-with-timeout: killed with SIGKILL ${grace} s after the ${limit} s limit; its queue is left for the next run to remove" >&2 ;;
esac
exit "$status"
