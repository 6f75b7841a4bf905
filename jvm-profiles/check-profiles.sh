#!/usr/bin/env bash
# Self-check of the JVM profiles: sources each profile in a fresh bash, runs a
# small hot loop with the flags the benchmark's forked JVM gets under that profile
# (.mvn/jvm.config, then QP_JVM_FLAGS: see docs/running.md) and prints
#   profile  java.version  graal-in-use(yes/no)  status
# "graal-in-use" is yes only when UseJVMCICompiler is on AND Graal reported its
# configuration (graal.ShowConfiguration / jdk.graal.ShowConfiguration), i.e. it
# really compiled something. Exits non-zero if a requested profile cannot be
# activated or does not match its QP_EXPECTED_JAVA_SPEC / QP_EXPECTS_GRAAL.
#
#   jvm-profiles/check-profiles.sh                  # all profiles
#   jvm-profiles/check-profiles.sh jdk8 graalvm-ce21
#   QP_HEAP=256m jvm-profiles/check-profiles.sh     # smaller heap, faster
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ALL=(jdk8 jdk11 jdk17 jdk21 jdk25 graalvm-ce17 graalvm-ce21 graalvm-ce25 graalvm-jit11)
if [[ $# -gt 0 ]]; then PROFILES=("$@"); else PROFILES=("${ALL[@]}"); fi

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

cat >"$TMP/QpProbe.java" <<'EOF'
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
EOF
# compile once for Java 8 with any javac that knows --release
compiled=no
for jc in "${JAVA_HOME:-/nonexistent}/bin/javac" /usr/lib/jvm/java-17-openjdk-amd64/bin/javac \
          "$DIR/../.jdks/jdk17/bin/javac" "$DIR/../.jdks/jdk21/bin/javac" "$(command -v javac || true)"; do
  [[ -x "$jc" ]] || continue
  if "$jc" --release 8 -nowarn -d "$TMP" "$TMP/QpProbe.java" 2>/dev/null; then compiled=yes; break; fi
done
[[ $compiled == yes ]] || { echo "check-profiles: no javac (JDK 9+) found to build the probe" >&2; exit 2; }

printf '%-15s %-14s %-13s %s\n' profile java.version graal-in-use status
failed=0
for p in "${PROFILES[@]}"; do
  if [[ ! -f "$DIR/$p.sh" ]]; then
    printf '%-15s %-14s %-13s %s\n' "$p" - - "FAIL: no profile $DIR/$p.sh"; failed=1; continue
  fi
  rc=0
  # shellcheck disable=SC2016  # expanded by the inner bash
  out="$(QP_QUIET=1 bash -c '
      source "$1/$2.sh" || exit 3
      case "$QP_EXPECTED_JAVA_SPEC" in 25|2[6-9]|[3-9]?) prefix=jdk.graal ;; *) prefix=graal ;; esac
      echo "QP expected_spec=$QP_EXPECTED_JAVA_SPEC expects_graal=$QP_EXPECTS_GRAAL java_home=$JAVA_HOME"
      show=()
      [[ "$QP_EXPECTS_GRAAL" == true ]] && show=("-D$prefix.ShowConfiguration=info")
      # flat word lists, split on blanks exactly as io.fastestjvm.launch.JvmFlags splits them
      # shellcheck disable=SC2046,SC2086
      exec java $(cat "$1/../.mvn/jvm.config") $QP_JVM_FLAGS "${show[@]}" -cp "$3" QpProbe
    ' check "$DIR" "$p" "$TMP" 2>&1)" || rc=$?
  line="$(grep -m1 '^QP java.version=' <<<"$out" || true)"
  exp="$(grep -m1 '^QP expected_spec=' <<<"$out" || true)"
  if [[ $rc -ne 0 || -z "$line" || -z "$exp" ]]; then
    why="$(grep -v '^QP ' <<<"$out" | grep -m2 -E 'jvm-profiles:|Error|error|Exception' | tr '\n' ' ' | cut -c1-200 || true)"
    printf '%-15s %-14s %-13s %s\n' "$p" - - "FAIL (rc=$rc): ${why:-see below}"
    [[ -n "$why" ]] || printf '%s\n' "$out" | tail -n 5 | sed 's/^/    /' >&2
    failed=1; continue
  fi
  version="$(sed -n 's/.*java.version=\([^ ]*\).*/\1/p' <<<"$line")"
  spec="$(sed -n 's/.* spec=\([^ ]*\).*/\1/p' <<<"$line")"; spec="${spec#1.}"
  usejvmci="$(sed -n 's/.*UseJVMCICompiler=\([^ ]*\).*/\1/p' <<<"$line")"
  want_spec="$(sed -n 's/.*expected_spec=\([^ ]*\).*/\1/p' <<<"$exp")"
  want_graal="$(sed -n 's/.*expects_graal=\([^ ]*\).*/\1/p' <<<"$exp")"
  graal=no
  if [[ "$usejvmci" == true ]] && grep -qE '^Using .*(compiler configuration|loaded from)' <<<"$out"; then graal=yes; fi
  status=OK
  if [[ "$spec" != "$want_spec" ]]; then status="FAIL: Java $spec, expected $want_spec"; failed=1
  elif [[ ( "$want_graal" == true && $graal == no ) || ( "$want_graal" == false && $graal == yes ) ]]; then
    status="FAIL: graal-in-use=$graal but QP_EXPECTS_GRAAL=$want_graal"; failed=1
  fi
  printf '%-15s %-14s %-13s %s\n' "$p" "$version" "$graal" "$status"
done
exit "$failed"
