# shellcheck shell=bash
# install-jdks.sh's host side: prerequisites, a private apt configuration that downloads Debian's JDK packages
# without installing anything system-wide, and the private glibc some of them need. Sourced by install-jdks.sh,
# which sets ROOT, APT_MIRROR, APT_SEC_MIRROR, APT_DIR, DEB_CACHE, LIBC_DIR, LIBC_LIB and defines log and die.

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
  remove_made "$LIBC_DIR.tmp"; make_dir "$LIBC_DIR.tmp"
  dpkg -x "$deb" "$LIBC_DIR.tmp"
  dpkg-deb -f "$deb" Version >"$LIBC_DIR.tmp/.qp-version"
  remove_made "$LIBC_DIR"; mv "$LIBC_DIR.tmp" "$LIBC_DIR"   # its marker moves with it
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
