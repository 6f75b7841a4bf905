# shellcheck shell=bash
# The results model's SummaryTool for scripts (docs/results-model.md): they read summary.json fields and write their
# JSON files through it, never with sed or hand-built JSON. It runs with plain java on target/classes and
# target/classpath.txt (the runtime classpath), which every build (`mvn compile`) writes. Defines functions only.

_qp_project="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"   # (at source time: a later cd changes nothing)

# qp_summary_tool_missing: the file SummaryTool lacks to run (no build yet), or nothing
qp_summary_tool_missing() {
  local file
  for file in "$_qp_project/target/classpath.txt" \
              "$_qp_project/target/classes/io/fastestjvm/results/model/SummaryTool.class"; do
    [[ -f "$file" ]] || { printf '%s\n' "$file"; return 0; }
  done
}

# qp_summary_tool field SUMMARY POINTER... | write-json [--merge] FILE KEY=VALUE...
qp_summary_tool() {
  # C1 only: a short-lived tool starts faster; C.UTF-8: non-ASCII arguments reach Java intact
  LC_ALL=C.UTF-8 java -XX:TieredStopAtLevel=1 \
    -cp "$_qp_project/target/classes:$(<"$_qp_project/target/classpath.txt")" io.fastestjvm.results.model.SummaryTool "$@"
}
