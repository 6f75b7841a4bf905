#!/usr/bin/env bash
# Self-check of the JVM profiles (profiles.tsv): activates each profile in a fresh bash, runs a small hot loop
# with the flags the benchmark's forked JVM gets under it (.mvn/jvm.config, then QP_JVM_FLAGS: see
# docs/running.md), then starts the JVM with the profile's tuned flag set and checks that every tuned -XX flag
# is in effect (java -XX:+PrintFlagsFinal -version). Prints
#   profile  java.version  graal-in-use(yes/no)  tuned  status
# "graal-in-use" is yes only when UseJVMCICompiler is on AND Graal reported its configuration
# (graal.ShowConfiguration / jdk.graal.ShowConfiguration), i.e. it really compiled something. Exits non-zero if
# profiles.tsv is inconsistent, or a requested profile cannot be activated, does not match its
# QP_EXPECTED_JAVA_SPEC / QP_EXPECTS_GRAAL, or its tuned set does not start or is not in effect.
#
#   jvm-profiles/check-profiles.sh                  # the default set (matrix = always in profiles.tsv)
#   jvm-profiles/check-profiles.sh jdk8 jdk21-graaljit graalvm21
#   QP_HEAP=256m jvm-profiles/check-profiles.sh     # smaller heap, faster
#   jvm-profiles/check-profiles.sh --list           # the profiles and tuned flags of profiles.tsv; runs nothing
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/activate.sh
. "$DIR/lib/activate.sh"

problems="$(qp_profiles_problems)"
if [[ -n "$problems" ]]; then
  printf 'check-profiles: %s: %s\n' "$(qp_profiles_file)" "$problems" >&2
  exit 1
fi
if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0
fi
if [[ "${1:-}" == --list ]]; then
  printf '%-15s %-14s %-4s %-14s %-7s %-7s %s\n' profile aliases jdk compiler warm-up matrix "what runs"
  while IFS= read -r p; do
    printf '%-15s %-14s %-4s %-14s %-7s %-7s %s\n' "$p" "$(qp_profile_field "$p" aliases)" \
      "$(qp_profile_field "$p" jdk)" "$(qp_profile_field "$p" compiler)" "$(qp_profile_field "$p" warmup)" \
      "$(qp_profile_field "$p" matrix)" "$(qp_profile_describe "$p")"
  done < <(qp_profile_names all)
  echo
  awk -F'\t' '$1 == "profile" { printf "%-15s tuned: %s\n", $2, $8 }' "$(qp_profiles_file)"
  echo
  awk -F'\t' '$1 == "flag" { printf "%-34s JDK %-5s %s\n", $2, $3, $4 }' "$(qp_profiles_file)"
  exit 0
fi
if [[ $# -gt 0 ]]; then PROFILES=("$@"); else mapfile -t PROFILES < <(qp_profile_names default); fi

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

cat >"$TMP/QpProbe.java" <<'JAVA'
import java.lang.management.ManagementFactory;
import com.sun.management.HotSpotDiagnosticMXBean;

public class QpProbe {
    public static void main(String[] a) {
        long s = 0, end = System.nanoTime() + 2_000_000_000L;  // hot loop: the top tier compiles it
        while (System.nanoTime() < end) for (int i = 0; i < 10_000; i++) s += (i ^ s) * 31;
        String jvmci = "n/a";
        try {
            jvmci = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption("UseJVMCICompiler").getValue();
        } catch (IllegalArgumentException e) {
            // JDK 8: no such VM option
        }
        System.out.println("QP java.version=" + System.getProperty("java.version")
                + " spec=" + System.getProperty("java.specification.version")
                + " UseJVMCICompiler=" + jvmci
                + " jvmci.Compiler=" + System.getProperty("jvmci.Compiler") + " sum=" + s);
    }
}
JAVA
# compile once for Java 8 with any javac that knows --release
compiled=no
for jc in "${JAVA_HOME:-/nonexistent}/bin/javac" /usr/lib/jvm/java-17-openjdk-amd64/bin/javac \
          "$(_qp_jdks_dir)/jdk17/bin/javac" "$(_qp_jdks_dir)/jdk21/bin/javac" "$(command -v javac || true)"; do
  [[ -x "$jc" ]] || continue
  if "$jc" --release 8 -nowarn -d "$TMP" "$TMP/QpProbe.java" 2>/dev/null; then compiled=yes; break; fi
done
[[ $compiled == yes ]] || { echo "check-profiles: no javac (JDK 9+) found to build the probe" >&2; exit 2; }

row() { printf '%-15s %-14s %-13s %-6s %s\n' "$@"; }
row profile java.version graal-in-use tuned status
failed=0
for p in "${PROFILES[@]}"; do
  rc=0
  # shellcheck disable=SC2016  # expanded by the inner bash
  out="$(QP_QUIET=1 bash -c '
      source "$1/use.sh" "$2" || exit 3
      echo "QP expected_spec=$QP_EXPECTED_JAVA_SPEC expects_graal=$QP_EXPECTS_GRAAL java_home=$JAVA_HOME"
      show=()
      [[ "$QP_EXPECTS_GRAAL" == true ]] && show=("$(qp_graal_show_configuration "$QP_EXPECTED_JAVA_SPEC")")
      # flat word lists, split on blanks exactly as io.fastestjvm.launch.JvmFlags splits them
      # shellcheck disable=SC2046,SC2086
      java $(cat "$1/../.mvn/jvm.config") $QP_JVM_FLAGS "${show[@]}" -cp "$3" QpProbe || exit $?
      # the tuned set: the JVM starts with it and every tuned -XX flag is in effect
      source "$1/use.sh" "$2" tuned || exit 3
      # shellcheck disable=SC2046,SC2086
      wrong="$(qp_flags_not_in_effect java $(cat "$1/../.mvn/jvm.config") $QP_JVM_FLAGS -- $(qp_profile_flags "$QP_PROFILE_BASE" tuned))" \
        || { echo "QP tuned=FAIL the JVM does not start with the tuned flags"; exit 0; }
      echo "QP tuned=${wrong:+FAIL not in effect: }${wrong:-OK}" | tr "\n" " "; echo
    ' check "$DIR" "$p" "$TMP" 2>&1)" || rc=$?
  name="$(sed -n 's/^jvm-profiles: .* is an alias of \([^:]*\):.*/\1 (alias)/p' <<<"$out" | head -n1)"
  label="${p}${name:+ = $name}"
  line="$(grep -m1 '^QP java.version=' <<<"$out" || true)"
  exp="$(grep -m1 '^QP expected_spec=' <<<"$out" || true)"
  if [[ $rc -ne 0 || -z "$line" || -z "$exp" ]]; then
    why="$(grep -v '^QP ' <<<"$out" | grep -v 'is an alias of' | grep -m2 -E 'jvm-profiles:|Error|error|Exception' | tr '\n' ' ' | cut -c1-200 || true)"
    row "$label" - - - "FAIL (rc=$rc): ${why:-see below}"
    [[ -n "$why" ]] || printf '%s\n' "$out" | tail -n 5 | sed 's/^/    /' >&2
    failed=1; continue
  fi
  version="$(sed -n 's/.*java.version=\([^ ]*\).*/\1/p' <<<"$line")"
  spec="$(sed -n 's/.* spec=\([^ ]*\).*/\1/p' <<<"$line")"; spec="${spec#1.}"
  usejvmci="$(sed -n 's/.*UseJVMCICompiler=\([^ ]*\).*/\1/p' <<<"$line")"
  want_spec="$(sed -n 's/.*expected_spec=\([^ ]*\).*/\1/p' <<<"$exp")"
  want_graal="$(sed -n 's/.*expects_graal=\([^ ]*\).*/\1/p' <<<"$exp")"
  tuned="$(sed -n 's/^QP tuned=//p' <<<"$out")"
  graal=no
  if [[ "$usejvmci" == true ]] && qp_graal_reported "$out"; then graal=yes; fi
  status=OK
  if [[ "$spec" != "$want_spec" ]]; then status="FAIL: Java $spec, expected $want_spec"; failed=1
  elif [[ ( "$want_graal" == true && $graal == no ) || ( "$want_graal" == false && $graal == yes ) ]]; then
    status="FAIL: graal-in-use=$graal but QP_EXPECTS_GRAAL=$want_graal"; failed=1
  elif [[ "$tuned" != OK* ]]; then
    status="FAIL: tuned flags: ${tuned#FAIL }"; failed=1; tuned=FAIL
  fi
  row "$label" "$version" "$graal" "${tuned%% *}" "$status"
done
exit "$failed"
