# shellcheck shell=bash
# install-jdks.sh's Graal part: the Graal compiler jars from Maven Central into $ROOT/graal/jdk<major>, proven to
# be the JIT of that JDK. Which jars and which flags: lib/graal.sh. Sourced by install-jdks.sh.

MVN_READY=0
mvn_copy() {   # mvn_copy <G:A:V> <dir>
  if [[ $MVN_READY -eq 0 ]]; then ensure_tool mvn maven; MVN_READY=1; fi
  local tmp out rc=0
  tmp="$(mktemp -d)"
  # shellcheck disable=SC2086  # QP_MVN_ARGS is a word list on purpose
  out="$(cd "$tmp" && mvn -B -ntp ${QP_MVN_ARGS:-} "$DEP_PLUGIN:copy" -Dartifact="$1" \
        -DoutputDirectory="$2" -Dmdep.stripVersion=true -Dmdep.overWriteReleases=true </dev/null 2>&1)" || rc=$?
  rm -rf "$tmp"
  if [[ $rc -ne 0 ]]; then
    printf '%s\n' "$out" | grep -E '^\[ERROR\]' | head -n 6 >&2
    die "could not fetch $1 from Maven Central (unreachable? check network / ~/.m2/settings.xml; QP_MVN_ARGS='${QP_MVN_ARGS:-}')"
  fi
}

install_graal() {
  local line="$1" dir="$ROOT/graal/jdk$1" home
  home="$(jdk_home "$1")"
  if [[ "$FORCE" != 1 && -f "$dir/.qp-installed" ]]; then
    log "graal$line already provisioned ($(cat "$dir/.qp-installed")), skipping"
    return 0
  fi
  local jv upd cands var ver="" c
  jv="$(qp_java_version "$home" || true)"
  [[ -n "$jv" ]] || die "graal$line needs jdk$line in $home (run: $0 $line)"
  upd="$(qp_java_update "$jv")"
  var="QP_GRAAL${line}_VERSION"
  cands="$(qp_graal_candidates "$line")"
  if [[ -n "${!var:-}" ]]; then
    ver="${!var}"
  else
    for c in $cands; do
      if [[ "$line" == 17 || "${c##*.}" -le "$upd" ]]; then ver="$c"; break; fi
    done
  fi
  [[ -n "$ver" ]] || die "no Graal version fits JDK $jv (candidates: $cands)"
  log "graal$line: Graal $ver for JDK $jv (Maven Central)"
  local stage="$dir.stage" a
  remove_made "$stage"; make_dir "$stage"
  while IFS= read -r a; do mvn_copy "$a" "$stage"; done < <(qp_graal_artifacts "$line" "$ver")
  # proof: Graal is the JIT and compiles a hot loop
  local tmp out flags=()
  mapfile -t flags < <(qp_graal_jar_flags "$line" "$stage"; qp_graal_show_configuration "$line")
  tmp="$(mktemp -d)"
  cat >"$tmp/QpGraal.java" <<'EOF'
public class QpGraal {
  public static void main(String[] a) {
    long s = 0; long end = System.nanoTime() + 3_000_000_000L;
    while (System.nanoTime() < end) for (int i = 0; i < 100_000; i++) s += (i ^ s) * 31;
    System.out.println("jvmci.Compiler=" + System.getProperty("jvmci.Compiler") + " sum=" + s);
  }
}
EOF
  "$home/bin/javac" -d "$tmp" "$tmp/QpGraal.java"
  out="$("$home/bin/java" "${flags[@]}" -cp "$tmp" QpGraal 2>&1)" || { printf '%s\n' "$out" >&2; rm -rf "$tmp"; die "JDK $jv refuses Graal $ver (set QP_GRAAL${line}_VERSION to an older one?)"; }
  rm -rf "$tmp"
  qp_graal_reported "$out" || { printf '%s\n' "$out" >&2; die "Graal $ver did not report its configuration on JDK $jv"; }
  log "graal$line verified: $(grep -m1 -E '^Using ' <<<"$out" | cut -c1-140)"
  printf 'graal:%s jdk:%s\n' "$ver" "$jv" >"$stage/.qp-installed"
  remove_made "$dir"; mkdir -p "$(dirname "$dir")"; mv "$stage" "$dir"   # the stage's marker moves with it
}
