#!/usr/bin/env bash
# Provision the JDKs and Graal compiler jars used by the jvm-profiles/*.sh
# shell profiles into a git-ignored folder of this checkout (default: .jdks/).
#
#   jvm-profiles/install-jdks.sh                 # everything: 8 11 17 21 25 graal17 graal21 graal25
#   jvm-profiles/install-jdks.sh 8 11 graal17    # a subset
#   jvm-profiles/install-jdks.sh --help
#
# Nothing is installed system-wide: the OpenJDK .debs are fetched with a
# PRIVATE apt configuration (own sources.list, lists and cache under
# .jdks/apt) and unpacked with `dpkg -x`. JDKs that need a newer glibc than
# the host's (8 from sid, 21 and 25 from trixie) get trixie's libc6 unpacked
# next to them and their executables patched (patchelf) to use it.
# Graal compiler jars come from Maven Central (mvn dependency:copy).
#
# Idempotent: an already provisioned component is verified and skipped;
# downloads (.debs, jars) are cached. Patched paths are absolute, so the
# folder belongs to this checkout: do not move it (delete it and re-run).
#
# Environment:
#   QP_JDKS_DIR             target folder (default: <checkout>/.jdks)
#   QP_APT_MIRROR           Debian mirror (default http://deb.debian.org/debian)
#   QP_APT_SECURITY_MIRROR  Debian security mirror (default http://deb.debian.org/debian-security)
#   QP_GRAAL21_VERSION, QP_GRAAL25_VERSION, QP_GRAAL17_VERSION
#                           force a Graal version instead of the automatic choice
#   QP_MVN_ARGS             extra arguments for mvn (e.g. "-s my-settings.xml")
#   QP_FORCE=1              re-provision even what is already there
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROJECT_DIR="$(cd "$SCRIPT_DIR/.." && pwd)"
ROOT="${QP_JDKS_DIR:-$PROJECT_DIR/.jdks}"
APT_MIRROR="${QP_APT_MIRROR:-http://deb.debian.org/debian}"
APT_SEC_MIRROR="${QP_APT_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
DEP_PLUGIN="org.apache.maven.plugins:maven-dependency-plugin:3.6.1"
SYSTEM_JDK17="/usr/lib/jvm/java-17-openjdk-amd64"
LIBC_DIR="$ROOT/libc-trixie"            # unpacked libc6 from trixie (glibc 2.41)
LIBC_LIB="$LIBC_DIR/usr/lib/x86_64-linux-gnu"
DEB_CACHE="$ROOT/cache/debs"
APT_DIR="$ROOT/apt"
FORCE="${QP_FORCE:-0}"

# Graal versions known on Maven Central, newest first. The chosen one is the
# newest whose patch level is <= the JDK's update level (JVMCI version check).
graal_candidates() {
  case "$1" in
    17) echo "22.3.5" ;;
    21) echo "23.1.11 23.1.8 23.1.7 23.1.6 23.1.5 23.1.4 23.1.3 23.1.2 23.1.1 23.1.0" ;;
    25) echo "25.0.4 25.0.3 25.0.2 25.0.1 25.0.0" ;;
  esac
}

log()  { printf '[install-jdks] %s\n' "$*" >&2; }
die()  { printf '[install-jdks] ERROR: %s\n' "$*" >&2; exit 1; }

usage() {
  sed -n '2,30p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

# ---------------------------------------------------------------- arguments
ALL=(8 11 17 21 25 graal17 graal21 graal25)
WANT=()
for a in "$@"; do
  case "$a" in
    -h|--help) usage; exit 0 ;;
    all) WANT+=("${ALL[@]}") ;;
    8|11|17|21|25|graal17|graal21|graal25) WANT+=("$a") ;;
    jdk8|jdk11|jdk17|jdk21|jdk25) WANT+=("${a#jdk}") ;;
    graalvm-ce17|graalvm-ce21|graalvm-ce25) WANT+=("graal${a#graalvm-ce}") ;;
    graalvm-jit11) WANT+=(11) ;;
    *) die "unknown component '$a' (expected some of: ${ALL[*]})" ;;
  esac
done
[[ ${#WANT[@]} -gt 0 ]] || WANT=("${ALL[@]}")
# a graal component needs its JDK
for a in "${WANT[@]}"; do
  case "$a" in graal*) WANT+=("${a#graal}") ;; esac
done
declare -A SEEN=()
ORDERED=()
for a in "${ALL[@]}"; do
  for w in "${WANT[@]}"; do
    if [[ "$a" == "$w" && -z "${SEEN[$a]:-}" ]]; then SEEN[$a]=1; ORDERED+=("$a"); fi
  done
done

mkdir -p "$ROOT"
exec 9>>"$ROOT/.lock"
flock -n 9 || { log "another install-jdks.sh is running; waiting"; flock 9; }

# ---------------------------------------------------------------- helpers
need_root_for() {
  [[ $(id -u) -eq 0 ]] || die "'$1' is missing and installing it needs root: run 'sudo apt-get install $1' and re-run"
}

SYSTEM_APT_UPDATED=0
ensure_tool() {   # ensure_tool <command> <debian package>
  command -v "$1" >/dev/null 2>&1 && return 0
  need_root_for "$2"
  log "installing prerequisite $2 (host tool, from the system's apt sources)"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$2" >/dev/null 2>&1; then
    if [[ $SYSTEM_APT_UPDATED -eq 0 ]]; then
      apt-get update -q >/dev/null 2>&1 || true
      SYSTEM_APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$2" >/dev/null \
      || die "could not apt-get install $2 (is the Debian archive reachable?)"
  fi
  command -v "$1" >/dev/null 2>&1 || die "$2 installed but '$1' not found"
}

# java_version <home> -> prints e.g. 1.8.0_504 / 21.0.12.1 (from `java -version`)
java_version() {
  "$1/bin/java" -version 2>&1 | sed -n 's/.* version "\([^"]*\)".*/\1/p' | head -n1
}
# major of a version string: 1.8.0_504 -> 8, 21.0.12.1 -> 21, 25 -> 25
major_of() {
  local v="$1"
  [[ "$v" == 1.* ]] && v="${v#1.}"
  printf '%s\n' "${v%%[.+_-]*}"
}
# update level: 1.8.0_504 -> 504, 21.0.12.1 -> 12, 25 -> 0
update_of() {
  local v="$1" rest
  if [[ "$v" == 1.* ]]; then rest="${v#*_}"; printf '%s\n' "${rest%%[^0-9]*}"; return; fi
  IFS=. read -r _ _ rest _ <<<"$v"
  rest="${rest%%[^0-9]*}"
  printf '%s\n' "${rest:-0}"
}

# ------------------------------------------------------------ private apt
APT_READY=0
apt_private() { APT_CONFIG="$APT_DIR/apt.conf" apt-get "$@"; }

setup_private_apt() {
  [[ $APT_READY -eq 1 ]] && return 0
  mkdir -p "$APT_DIR"/{lists/partial,cache/archives/partial,etc/sources.list.d,etc/apt.conf.d,etc/preferences.d} "$DEB_CACHE"
  : >"$APT_DIR/status.tmp"; mv "$APT_DIR/status.tmp" "$APT_DIR/status"
  local kr="/usr/share/keyrings/debian-archive-keyring.gpg"
  [[ -r "$kr" ]] || die "$kr not found (package debian-archive-keyring)"
  # The archive may be served from a frozen snapshot whose Release files are
  # past Valid-Until: freshness is not checked, signatures still are.
  cat >"$APT_DIR/etc/sources.list" <<EOF
deb [signed-by=$kr check-valid-until=no] $APT_MIRROR sid main
deb [signed-by=$kr check-valid-until=no] $APT_MIRROR trixie main
deb [signed-by=$kr check-valid-until=no] $APT_SEC_MIRROR bookworm-security main
deb [signed-by=$kr check-valid-until=no] $APT_SEC_MIRROR bullseye-security main
EOF
  # APT_CONFIG is read before apt.conf.d, so Dir::Etc::Parts below keeps the
  # host's apt.conf.d (DEP-11, Contents, proxies of other tools...) out.
  cat >"$APT_DIR/apt.conf" <<EOF
Dir::Etc::SourceList "$APT_DIR/etc/sources.list";
Dir::Etc::SourceParts "$APT_DIR/etc/sources.list.d";
Dir::Etc::Parts "$APT_DIR/etc/apt.conf.d";
Dir::Etc::Preferences "$APT_DIR/etc/preferences";
Dir::Etc::PreferencesParts "$APT_DIR/etc/preferences.d";
Dir::State "$APT_DIR";
Dir::State::Lists "$APT_DIR/lists";
Dir::State::status "$APT_DIR/status";
Dir::Cache "$APT_DIR/cache";
Dir::Log "$APT_DIR";
APT::Architecture "amd64";
APT::Architectures { "amd64"; };
Acquire::Languages "none";
Acquire::GzipIndexes "true";
Acquire::IndexTargets::deb::DEP-11::DefaultEnabled "false";
Acquire::IndexTargets::deb::DEP-11-icons::DefaultEnabled "false";
Acquire::IndexTargets::deb::Contents-deb::DefaultEnabled "false";
Acquire::Retries "2";
Acquire::http::Timeout "30";
APT::Sandbox::User "$(id -un)";
EOF
  if [[ -f "$APT_DIR/lists/.qp-updated" && -z "$(find "$APT_DIR/lists/.qp-updated" -mmin +1440)" ]] \
     && cmp -s "$APT_DIR/etc/sources.list" "$APT_DIR/lists/.qp-updated"; then
    APT_READY=1; return 0   # index from the last 24 h, same sources: reuse it
  fi
  log "updating the private apt index (sid, trixie, bookworm-security, bullseye-security) from $APT_MIRROR"
  local out rc=0
  out="$(apt_private update </dev/null 2>&1)" || rc=$?
  if [[ $rc -ne 0 ]] || grep -qE '^(E:|W: Failed to fetch|W: Some index files failed|Err:)' <<<"$out"; then
    printf '%s\n' "$out" | grep -E '^(E:|W:|Err:)' | head -n 12 >&2
    die "the Debian archive is unreachable or incomplete (mirrors: $APT_MIRROR, $APT_SEC_MIRROR; override with QP_APT_MIRROR / QP_APT_SECURITY_MIRROR). Nothing was changed in $ROOT except its apt cache."
  fi
  cp "$APT_DIR/etc/sources.list" "$APT_DIR/lists/.qp-updated"
  APT_READY=1
}

# fetch_debs <pkg/suite>... : downloads into the deb cache; sets FETCHED=(paths)
FETCHED=()
fetch_debs() {
  local spec pkg suite ver file
  FETCHED=()
  setup_private_apt
  for spec in "$@"; do
    pkg="${spec%/*}"; suite="${spec#*/}"
    ver="$(APT_CONFIG="$APT_DIR/apt.conf" apt-cache madison "$pkg" | awk -F'|' -v s=" $suite/" 'index($3, s) {gsub(/ /, "", $2); print $2; exit}')"
    [[ -n "$ver" ]] || die "package $pkg not found in $suite (private index $APT_DIR/lists)"
    file="$DEB_CACHE/${pkg}_${ver//:/%3a}_amd64.deb"
    if [[ ! -s "$file" ]]; then
      log "downloading $pkg $ver ($suite)"
      (cd "$DEB_CACHE" && apt_private download -q "$pkg=$ver" </dev/null >/dev/null 2>"$APT_DIR/download.err") \
        || { cat "$APT_DIR/download.err" >&2; die "download of $pkg=$ver failed (archive unreachable?)"; }
      [[ -s "$file" ]] || die "apt-get download did not produce $file"
    else
      log "cached: $(basename "$file")"
    fi
    FETCHED+=("$file")
  done
}

ensure_libc() {
  if [[ -x "$LIBC_LIB/ld-linux-x86-64.so.2" && -f "$LIBC_DIR/.qp-version" ]]; then return 0; fi
  local deb
  fetch_debs libc6/trixie
  deb="${FETCHED[0]}"
  rm -rf "$LIBC_DIR.tmp"; mkdir -p "$LIBC_DIR.tmp"
  dpkg -x "$deb" "$LIBC_DIR.tmp"
  dpkg-deb -f "$deb" Version >"$LIBC_DIR.tmp/.qp-version"
  rm -rf "$LIBC_DIR"; mv "$LIBC_DIR.tmp" "$LIBC_DIR"
  log "private glibc $(cat "$LIBC_DIR/.qp-version") unpacked in $LIBC_DIR"
}

# patch_elves <jdk home>: every ELF executable with a program interpreter gets
# the private ld.so and the private libc dir first in its DT_RPATH.
# --force-rpath matters: with DT_RUNPATH the dlopen'ed libjvm.so would still
# resolve libm/libc from the host.
patch_elves() {
  local home="$1" f old n=0
  while IFS= read -r -d '' f; do
    patchelf --print-interpreter "$f" >/dev/null 2>&1 || continue
    old="$(patchelf --print-rpath "$f")"
    patchelf --set-interpreter "$LIBC_LIB/ld-linux-x86-64.so.2" \
      --force-rpath --set-rpath "$LIBC_LIB${old:+:$old}" "$f"
    n=$((n + 1))
  done < <(find "$home" -type f -perm -u+x -print0)
  log "patched $n executables in $home to use $LIBC_LIB"
}

# relink_etc <jdk home> <etc name>: Debian's trees link config files to
# /etc/java-N-openjdk/...; the unpacked etc folder was moved to
# <home>/debian-etc, re-point the links there (relative links).
relink_etc() {
  local home="$1" etcname="$2" l t rel
  while IFS= read -r -d '' l; do
    t="$(readlink "$l")"
    case "$t" in
      "/etc/$etcname/"*)
        rel="$(realpath -m --relative-to="$(dirname "$l")" "$home/debian-etc/${t#/etc/"$etcname"/}")"
        ln -sfn "$rel" "$l" ;;
      /etc/ssl/certs/java/cacerts)
        if [[ ! -e "$t" ]]; then
          log "WARNING: $t is absent (package ca-certificates-java): $l removed, TLS trust store will be empty"
          rm -f "$l"
        fi ;;
    esac
  done < <(find "$home" -type l -print0)
  # links into packages that are not unpacked (docs, src.zip) or that dangle in
  # Debian's own package too (11: security/blacklisted.certs): drop them
  local dangling
  dangling="$(find "$home" -xtype l -printf '%P ' -delete)"
  [[ -z "$dangling" ]] || log "removed dangling links in $home: $dangling"
}

# ---------------------------------------------------------- verification
CHECK_SRC='
import java.io.*;
import java.nio.file.*;
public class QpCheck {
  public static void main(String[] a) throws Exception {
    java.security.MessageDigest.getInstance("SHA-256").digest(new byte[8]);
    javax.net.ssl.SSLContext.getDefault();
    double s = 0; for (int i = 0; i < 1000; i++) s += Math.sin(i) * Math.exp(-i);
    Process p = new ProcessBuilder("true").start();
    if (p.waitFor() != 0) throw new IllegalStateException("spawn failed");
    String libc = "?";
    BufferedReader r = new BufferedReader(new FileReader("/proc/self/maps"));
    for (String line; (line = r.readLine()) != null; )
      if (line.endsWith("/libc.so.6")) { libc = line.substring(line.indexOf(47)); break; }
    r.close();
    System.out.println("java.version=" + System.getProperty("java.version")
        + " spec=" + System.getProperty("java.specification.version") + " libc=" + libc + " ok=" + (s != 0));
  }
}'

# verify_jdk <home> <major> <patched yes|no> : prints the version string
verify_jdk() {
  local home="$1" major="$2" patched="$3" v tmp out
  v="$(java_version "$home")"
  [[ -n "$v" ]] || { "$home/bin/java" -version >&2 || true; die "$home/bin/java -version failed"; }
  [[ "$(major_of "$v")" == "$major" ]] || die "$home is Java $v, expected $major"
  "$home/bin/java" -XX:+PrintFlagsFinal -version >/dev/null 2>&1 || die "$home: java -XX:+PrintFlagsFinal -version failed"
  "$home/bin/java" -XshowSettings:properties -version >/dev/null 2>&1 || die "$home: java -XshowSettings:properties failed"
  tmp="$(mktemp -d)"
  printf '%s\n' "$CHECK_SRC" >"$tmp/QpCheck.java"
  "$home/bin/javac" -nowarn -d "$tmp" "$tmp/QpCheck.java" 2>"$tmp/javac.err" \
    || { cat "$tmp/javac.err" >&2; rm -rf "$tmp"; die "$home: javac failed"; }
  out="$("$home/bin/java" -cp "$tmp" QpCheck 2>&1)" || { printf '%s\n' "$out" >&2; rm -rf "$tmp"; die "$home: test program failed"; }
  rm -rf "$tmp"
  if [[ "$patched" == yes && "$out" != *"libc=$LIBC_LIB/libc.so.6"* ]]; then
    die "$home: runs on the wrong libc ($out)"
  fi
  log "verified $home: $out"
  printf '%s\n' "$v"
}

# ----------------------------------------------------------------- JDKs
declare -A JDK_SUITE=([8]=sid [11]=bullseye-security [17]=bookworm-security [21]=trixie [25]=trixie)
declare -A JDK_PATCH=([8]=yes [11]=no [17]=no [21]=yes [25]=yes)

install_jdk() {
  local major="$1" home="$ROOT/jdk$1" suite="${JDK_SUITE[$1]}" patched="${JDK_PATCH[$1]}"
  if [[ "$FORCE" != 1 && -f "$home/.qp-installed" ]]; then
    log "jdk$major already provisioned ($(cat "$home/.qp-installed")), skipping"
    return 0
  fi
  if [[ "$FORCE" != 1 && "$major" == 17 && -L "$home" && "$(readlink "$home")" == "$SYSTEM_JDK17" \
        && -f "$ROOT/jdk17.system" && -x "$SYSTEM_JDK17/bin/java" ]]; then
    log "jdk17 already provisioned (system JDK $(cat "$ROOT/jdk17.system")), skipping"
    return 0
  fi
  if [[ "$major" == 17 && -x "$SYSTEM_JDK17/bin/java" ]]; then
    local v; v="$(verify_jdk "$SYSTEM_JDK17" 17 no)"
    rm -rf "$home"; ln -sfn "$SYSTEM_JDK17" "$home"
    printf '%s system\n' "$v" >"$ROOT/jdk17.system"
    log "jdk17: using the system JDK $SYSTEM_JDK17 ($v) via link $home"
    return 0
  fi
  [[ "$patched" == no ]] || { ensure_tool patchelf patchelf; ensure_libc; }
  local debs=() d
  fetch_debs "openjdk-$major-jre-headless/$suite" "openjdk-$major-jdk-headless/$suite"
  debs=("${FETCHED[@]}")
  local stage="$ROOT/.stage-jdk$major"
  rm -rf "$stage"; mkdir -p "$stage"
  for d in "${debs[@]}"; do dpkg -x "$d" "$stage"; done
  local src="$stage/usr/lib/jvm/java-$major-openjdk-amd64"
  [[ -x "$src/bin/java" ]] || die "unexpected package layout: $src/bin/java missing"
  rm -rf "$home"
  mv "$src" "$home"
  if [[ -d "$stage/etc/java-$major-openjdk" ]]; then
    mv "$stage/etc/java-$major-openjdk" "$home/debian-etc"
  fi
  relink_etc "$home" "java-$major-openjdk"
  [[ "$patched" == no ]] || patch_elves "$home"
  if [[ "$major" -ge 11 && ! -x "$home/lib/jspawnhelper" ]]; then die "$home/lib/jspawnhelper missing"; fi
  rm -rf "$stage"
  local v pkgver
  v="$(verify_jdk "$home" "$major" "$patched")"
  pkgver="$(dpkg-deb -f "${debs[0]}" Version)"
  printf '%s debian:%s suite:%s glibc:%s\n' "$v" "$pkgver" "$suite" \
    "$([[ "$patched" == yes ]] && cat "$LIBC_DIR/.qp-version" || echo host)" >"$home/.qp-installed"
  log "jdk$major provisioned: $(cat "$home/.qp-installed")"
}

# ---------------------------------------------------------------- Graal
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

graal_artifacts() {   # graal_artifacts <line> <version>
  case "$1" in
    17) printf '%s\n' "org.graalvm.sdk:graal-sdk:$2" "org.graalvm.truffle:truffle-api:$2" "org.graalvm.compiler:compiler:$2" ;;
    *)  printf '%s\n' "org.graalvm.sdk:word:$2" "org.graalvm.sdk:collections:$2" \
                      "org.graalvm.truffle:truffle-compiler:$2" "org.graalvm.compiler:compiler:$2" ;;
  esac
}

# graal_flags <line> <dir> : the JVM flags the profiles use (kept in sync with lib/common.sh)
graal_flags() {
  local d="$2"
  case "$1" in
    17) printf '%s\n' -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:+UseJVMCICompiler \
          "--module-path=$d/graal-sdk.jar:$d/truffle-api.jar" "--upgrade-module-path=$d/compiler.jar" \
          -Dgraal.ShowConfiguration=info ;;
    21) printf '%s\n' -XX:+UnlockExperimentalVMOptions -XX:+UseGraalJIT \
          "--upgrade-module-path=$d/word.jar:$d/collections.jar:$d/truffle-compiler.jar:$d/compiler.jar" \
          -Dgraal.ShowConfiguration=info ;;
    25) printf '%s\n' -XX:+UnlockExperimentalVMOptions -XX:+UseGraalJIT \
          "--upgrade-module-path=$d/word.jar:$d/collections.jar:$d/truffle-compiler.jar:$d/compiler.jar" \
          -Djdk.graal.ShowConfiguration=info ;;
  esac
}

install_graal() {
  local line="$1" dir="$ROOT/graal/jdk$1" home="$ROOT/jdk$1"
  if [[ "$FORCE" != 1 && -f "$dir/.qp-installed" ]]; then
    log "graal$line already provisioned ($(cat "$dir/.qp-installed")), skipping"
    return 0
  fi
  local jv upd cands var ver="" c
  jv="$(java_version "$home")"
  [[ -n "$jv" ]] || die "graal$line needs jdk$line in $home (run: $0 $line)"
  upd="$(update_of "$jv")"
  var="QP_GRAAL${line}_VERSION"
  cands="$(graal_candidates "$line")"
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
  rm -rf "$stage"; mkdir -p "$stage"
  while IFS= read -r a; do mvn_copy "$a" "$stage"; done < <(graal_artifacts "$line" "$ver")
  # proof: Graal is the JIT and compiles a hot loop
  local tmp out flags=()
  mapfile -t flags < <(graal_flags "$line" "$stage")
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
  # 22.3: "Using compiler configuration 'community' ..."; 23.1+: "Using \"Graal Community compiler...\" loaded from ..."
  grep -qE '^Using .*(compiler configuration|loaded from)' <<<"$out" || { printf '%s\n' "$out" >&2; die "Graal $ver did not report its configuration on JDK $jv"; }
  log "graal$line verified: $(grep -m1 -E '^Using ' <<<"$out" | cut -c1-140)"
  printf 'graal:%s jdk:%s\n' "$ver" "$jv" >"$stage/.qp-installed"
  rm -rf "$dir"; mkdir -p "$(dirname "$dir")"; mv "$stage" "$dir"
}

# ------------------------------------------------------------- manifest
write_manifest() {
  local tmp f
  tmp="$(mktemp)"
  {
    echo "# Provisioned by jvm-profiles/install-jdks.sh -- per checkout, absolute paths: do not move."
    for f in jdk8 jdk11 jdk17 jdk21 jdk25; do
      if [[ -f "$ROOT/$f/.qp-installed" ]]; then printf '%-8s %s\n' "$f" "$(cat "$ROOT/$f/.qp-installed")"
      elif [[ -f "$ROOT/$f.system" && -L "$ROOT/$f" ]]; then printf '%-8s %s -> %s\n' "$f" "$(cat "$ROOT/$f.system")" "$(readlink "$ROOT/$f")"
      fi
    done
    for f in 17 21 25; do
      [[ -f "$ROOT/graal/jdk$f/.qp-installed" ]] && printf '%-8s %s\n' "graal$f" "$(cat "$ROOT/graal/jdk$f/.qp-installed")"
    done
    [[ -f "$LIBC_DIR/.qp-version" ]] && printf '%-8s %s\n' "glibc" "$(cat "$LIBC_DIR/.qp-version") (trixie, private)"
    true
  } >"$tmp"
  if cmp -s "$tmp" "$ROOT/manifest.txt"; then rm -f "$tmp"; else cp "$tmp" "$ROOT/manifest.txt"; rm -f "$tmp"; fi
}

# ----------------------------------------------------------------- main
[[ "$(uname -m)" == x86_64 ]] || die "only x86_64 (amd64) is supported"
command -v dpkg >/dev/null || die "dpkg not found: this script needs a Debian-based host"
START=$SECONDS
log "target folder: $ROOT; components: ${ORDERED[*]}"
for c in "${ORDERED[@]}"; do
  case "$c" in
    graal*) install_graal "${c#graal}" ;;
    *) install_jdk "$c" ;;
  esac
done
write_manifest
rm -f "$APT_DIR"/cache/*.bin   # apt's binary caches (~140 MB), rebuilt on demand
log "done in $((SECONDS - START)) s; $(du -sh "$ROOT" 2>/dev/null | cut -f1) in $ROOT"
cat "$ROOT/manifest.txt" >&2
