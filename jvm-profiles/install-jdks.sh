#!/usr/bin/env bash
# Provision the JDKs and Graal compiler jars that the profiles of jvm-profiles/profiles.tsv need into a
# git-ignored folder of this checkout (default: .jdks/).
#
#   jvm-profiles/install-jdks.sh                 # everything: 8 11 17 21 25 graal17 graal21 graal25
#   jvm-profiles/install-jdks.sh 8 11 graal17    # a subset (a graalNN pulls in JDK NN)
#   jvm-profiles/install-jdks.sh jdk21-graaljit  # what a profile (or alias) needs
#   jvm-profiles/install-jdks.sh --help
#
# A JDK the user declared, the way Maven toolchains users do (JDK<N>_HOME, JAVA<N>_HOME, or a jdk toolchain in
# ~/.m2/toolchains.xml), is verified and used instead of provisioning one; the Graal jars are then checked
# against it. A GraalVM distribution (profiles graalvmNN) is never provisioned: install it yourself.
#
# Nothing is installed system-wide: the OpenJDK .debs are fetched with a
# PRIVATE apt configuration (own sources.list, lists and cache under
# .jdks/apt) and unpacked with `dpkg -x`. JDKs that need a newer glibc than
# the host's (8 from sid, 21 and 25 from trixie) get trixie's libc6 unpacked
# next to them and their executables patched (patchelf) to use it.
# Graal compiler jars come from Maven Central (mvn dependency:copy).
#
# The parts: lib/install/apt.sh (private apt, glibc, patching), lib/install/jdk.sh, lib/install/graal.sh.
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
# shellcheck source=lib/java.sh
. "$SCRIPT_DIR/lib/java.sh"
# shellcheck source=lib/graal.sh
. "$SCRIPT_DIR/lib/graal.sh"
# shellcheck source=lib/discover.sh
. "$SCRIPT_DIR/lib/discover.sh"
# shellcheck source=lib/profiles.sh
. "$SCRIPT_DIR/lib/profiles.sh"
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

log()  { printf '[install-jdks] %s\n' "$*" >&2; }
die()  { printf '[install-jdks] ERROR: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }

# Deletion only of what this script made (docs/faults.md): every folder it creates under $ROOT carries MADE_MARKER
# from the moment it exists, and it deletes a folder only if that folder carries the marker (or a record only this
# script writes into its folders: .qp-installed, .qp-version, from before the marker), a symlink only if it recorded
# making it (<link>.system). Anything else in the way is refused in one line, never deleted.
MADE_MARKER=".qp-made-by-install-jdks"
# make_dir <dir>: creates <dir>, which must not exist yet, and marks it as this script's
make_dir() {
  mkdir -p -- "$(dirname -- "$1")"
  mkdir -- "$1" || die "cannot create $1"
  : >"$1/$MADE_MARKER"
}
# remove_made <path>: deletes <path> if this script made it, does nothing if it is absent, refuses (exit 1) otherwise
remove_made() {
  local path="$1" record
  if [[ -L "$path" ]]; then
    [[ -f "$path.system" ]] || die "refusing to delete $path: a symlink install-jdks.sh did not make (no $path.system); move it away or set QP_JDKS_DIR to another folder"
    rm -f -- "$path"
  elif [[ -e "$path" ]]; then
    if [[ -d "$path" ]]; then
      for record in "$MADE_MARKER" .qp-installed .qp-version; do
        if [[ -f "$path/$record" && ! -L "$path/$record" ]]; then rm -rf -- "$path"; return 0; fi
      done
    fi
    die "refusing to delete $path: install-jdks.sh did not make it (no $MADE_MARKER in it); move it away or set QP_JDKS_DIR to another folder"
  fi
}

# ---------------------------------------------------------------- arguments
# component_of <profile>: what a profile needs provisioned (its JDK major, or graal<major> for Graal jars)
component_of() {
  local major compiler
  major="$(qp_profile_field "$1" jdk)"; compiler="$(qp_profile_field "$1" compiler)"
  case "$compiler" in
    c2|graal-builtin) echo "$major" ;;
    graal-jars) echo "graal$major" ;;
    graalvm) die "profile $1 is a GraalVM distribution, which this script does not provision: install GraalVM for JDK $major and point GRAALVM${major}_HOME (or GRAALVM_HOME) at it" ;;
  esac
}
mapfile -t ALL < <(while IFS= read -r p; do
                     [[ "$(qp_profile_field "$p" compiler)" == graalvm ]] || component_of "$p"
                   done < <(qp_profile_names all) | sort -u | sort -V)   # 8 11 17 21 25 graal17 graal21 graal25
WANT=()
for a in "$@"; do
  case "$a" in
    -h|--help) usage; exit 0 ;;
    all) WANT+=("${ALL[@]}") ;;
    *)
      if [[ " ${ALL[*]} " == *" $a "* ]]; then WANT+=("$a")
      elif p="$(qp_profile_resolve "$a" 2>/dev/null)"; then WANT+=("$(component_of "$p")")
      else die "unknown component '$a' (expected some of: ${ALL[*]}, or a profile of $(qp_profiles_file))"
      fi ;;
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

# shellcheck source=lib/install/apt.sh
. "$SCRIPT_DIR/lib/install/apt.sh"
# shellcheck source=lib/install/jdk.sh
. "$SCRIPT_DIR/lib/install/jdk.sh"
# shellcheck source=lib/install/graal.sh
. "$SCRIPT_DIR/lib/install/graal.sh"

# ------------------------------------------------------------- manifest
write_manifest() {
  local tmp f c
  tmp="$(mktemp)"
  {
    echo "# Provisioned by jvm-profiles/install-jdks.sh -- per checkout, absolute paths: do not move."
    for c in "${ALL[@]}"; do
      case "$c" in
        graal*) f="graal/jdk${c#graal}"
                [[ ! -f "$ROOT/$f/.qp-installed" ]] || printf '%-8s %s\n' "$c" "$(cat "$ROOT/$f/.qp-installed")" ;;
        *) f="jdk$c"
           if [[ -f "$ROOT/$f.declared" ]]; then printf '%-8s %s\n' "$f" "$(cat "$ROOT/$f.declared")"
           elif [[ -f "$ROOT/$f/.qp-installed" ]]; then printf '%-8s %s\n' "$f" "$(cat "$ROOT/$f/.qp-installed")"
           elif [[ -f "$ROOT/$f.system" && -L "$ROOT/$f" ]]; then printf '%-8s %s -> %s\n' "$f" "$(cat "$ROOT/$f.system")" "$(readlink "$ROOT/$f")"
           fi ;;
      esac
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
