# shellcheck shell=bash
# install-jdks.sh's JDK part: unpack Debian's OpenJDK packages into $ROOT/jdk<major> and verify them. Sourced by
# install-jdks.sh after lib/java.sh and lib/install/apt.sh. Folders under $ROOT are made with make_dir and deleted
# with remove_made (install-jdks.sh): only what this script made is ever deleted.

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
  v="$(qp_java_version "$home" || true)"
  [[ -n "$v" ]] || { "$home/bin/java" -version >&2 || true; die "$home/bin/java -version failed"; }
  [[ "$(qp_java_major "$v")" == "$major" ]] || die "$home is Java $v, expected $major"
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

# declared_jdk <major>: "<home>|<version>|<origin>" of a JDK the user declared (JDK<major>_HOME, JAVA<major>_HOME,
# ~/.m2/toolchains.xml), which is used instead of provisioning one; fails if none is declared
declared_jdk() {
  local found
  found="$(qp_find_jdk "$1")" || return 1
  case "${found##*|}" in "JDK$1_HOME"|"JAVA$1_HOME"|toolchains.xml) printf '%s\n' "$found" ;; *) return 1 ;; esac
}

# jdk_home <major>: the JDK the profiles will use for that major: a declared one, else the provisioned one
jdk_home() {
  local found
  if found="$(declared_jdk "$1")"; then printf '%s\n' "${found%%|*}"; else printf '%s\n' "$ROOT/jdk$1"; fi
}

install_jdk() {
  local major="$1" home="$ROOT/jdk$1" suite="${JDK_SUITE[$1]}" patched="${JDK_PATCH[$1]}" declared origin
  if declared="$(declared_jdk "$major")"; then
    IFS='|' read -r declared _ origin <<<"$declared"
    verify_jdk "$declared" "$major" no >/dev/null
    log "jdk$major: using $declared (declared by $origin), not provisioning one"
    printf '%s declared:%s\n' "$declared" "$origin" >"$ROOT/jdk$major.declared"
    return 0
  fi
  rm -f "$ROOT/jdk$major.declared"
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
    remove_made "$home"
    printf '%s system\n' "$v" >"$ROOT/jdk17.system"   # first: the record that the link is this script's
    ln -sn "$SYSTEM_JDK17" "$home"
    log "jdk17: using the system JDK $SYSTEM_JDK17 ($v) via link $home"
    return 0
  fi
  [[ "$patched" == no ]] || { ensure_tool patchelf patchelf; ensure_libc; }
  local debs=() d
  fetch_debs "openjdk-$major-jre-headless/$suite" "openjdk-$major-jdk-headless/$suite"
  debs=("${FETCHED[@]}")
  local stage="$ROOT/.stage-jdk$major"
  remove_made "$stage"; make_dir "$stage"
  for d in "${debs[@]}"; do dpkg -x "$d" "$stage"; done
  local src="$stage/usr/lib/jvm/java-$major-openjdk-amd64"
  [[ -x "$src/bin/java" ]] || die "unexpected package layout: $src/bin/java missing"
  : >"$src/$MADE_MARKER"   # before the move: $home carries it from the moment it exists
  remove_made "$home"
  rm -f "$ROOT/jdk$major.system"   # $home is no longer the system JDK's link
  mv "$src" "$home"
  if [[ -d "$stage/etc/java-$major-openjdk" ]]; then
    mv "$stage/etc/java-$major-openjdk" "$home/debian-etc"
  fi
  relink_etc "$home" "java-$major-openjdk"
  [[ "$patched" == no ]] || patch_elves "$home"
  if [[ "$major" -ge 11 && ! -x "$home/lib/jspawnhelper" ]]; then die "$home/lib/jspawnhelper missing"; fi
  remove_made "$stage"
  local v pkgver
  v="$(verify_jdk "$home" "$major" "$patched")"
  pkgver="$(dpkg-deb -f "${debs[0]}" Version)"
  printf '%s debian:%s suite:%s glibc:%s\n' "$v" "$pkgver" "$suite" \
    "$([[ "$patched" == yes ]] && cat "$LIBC_DIR/.qp-version" || echo host)" >"$home/.qp-installed"
  log "jdk$major provisioned: $(cat "$home/.qp-installed")"
}
