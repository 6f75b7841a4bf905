# shellcheck shell=bash
# Finding installed JDKs and GraalVM distributions, the way Maven toolchains users already name them, before
# anything is provisioned. Needs java.sh. Defines functions only. Each finder prints "<home>|<version>|<origin>".

_qp_jdks_dir() { printf '%s\n' "${QP_JDKS_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.jdks}"; }

# qp_toolchain_homes: the jdkHome of every JDK toolchain in ~/.m2/toolchains.xml (QP_TOOLCHAINS overrides
# the file), one a line. A plain-text reading of the standard layout, enough for the homes in it; each home is
# then checked (java version, javac) like any other candidate.
qp_toolchain_homes() {
  local file="${QP_TOOLCHAINS:-$HOME/.m2/toolchains.xml}"
  [[ -f "$file" ]] || return 0
  tr -d '\n\r' <"$file" | sed 's#</toolchain>#\n#g' \
    | sed -n 's#.*<type>[[:space:]]*jdk[[:space:]]*</type>.*<jdkHome>[[:space:]]*\([^<]*[^<[:space:]]\)[[:space:]]*</jdkHome>.*#\1#p'
}

# _qp_candidates: automatic candidates, in order, as "<dir>|<origin>"
_qp_candidates() {
  local major="$1" home d
  while IFS= read -r home; do printf '%s|%s\n' "$home" "toolchains.xml"; done < <(qp_toolchain_homes)
  printf '%s|%s\n' "$(_qp_jdks_dir)/jdk$major" "provisioned"
  for d in "$HOME"/.sdkman/candidates/java/* /usr/lib/jvm/*; do
    [[ "$d" != */current ]] || continue
    printf '%s|%s\n' "$d" "$(dirname "$d")"
  done
}

# qp_find_jdk <major>: a stock JDK (not a GraalVM: its JIT is Graal). Order: JDK<major>_HOME, JAVA<major>_HOME
# (an explicit variable that is wrong is an error, exit 2), then toolchains.xml, the provisioned
# .jdks/jdk<major>, SDKMAN, /usr/lib/jvm.
qp_find_jdk() {
  local major="$1" var v line home origin
  for var in "JDK${major}_HOME" "JAVA${major}_HOME"; do
    [[ -n "${!var:-}" ]] || continue
    v="$(qp_check_home "${!var}" "$major" "$var")" || return 2
    printf '%s|%s|%s\n' "${!var}" "$v" "$var"; return 0
  done
  while IFS= read -r line; do
    home="${line%|*}"; origin="${line##*|}"
    [[ -d "$home" ]] || continue
    home="$(cd "$home" && pwd -P)"
    qp_is_graalvm "$home" && continue
    if v="$(qp_check_home "$home" "$major" "")"; then
      printf '%s|%s|%s\n' "$home" "$v" "$origin"; return 0
    fi
  done < <(_qp_candidates "$major")
  return 1
}

# qp_find_graalvm <major>: a GraalVM distribution. Order: GRAALVM<major>_HOME (wrong = error, exit 2),
# GRAALVM_HOME when it is one of that major, then GraalVMs among toolchains.xml, SDKMAN (*graal*) and
# /usr/lib/jvm (*graal*).
qp_find_graalvm() {
  local major="$1" var="GRAALVM${1}_HOME" v line home origin
  if [[ -n "${!var:-}" ]]; then
    v="$(qp_check_home "${!var}" "$major" "$var")" || return 2
    qp_is_graalvm "${!var}" || { printf 'jvm-profiles: %s=%s is not a GraalVM (no GRAALVM_VERSION in release, no lib/libjvmcicompiler.so)\n' "$var" "${!var}" >&2; return 2; }
    printf '%s|%s|%s\n' "${!var}" "$v" "$var"; return 0
  fi
  if [[ -n "${GRAALVM_HOME:-}" ]] && qp_is_graalvm "$GRAALVM_HOME" \
     && v="$(qp_check_home "$GRAALVM_HOME" "$major" "")"; then
    printf '%s|%s|%s\n' "$GRAALVM_HOME" "$v" GRAALVM_HOME; return 0
  fi
  while IFS= read -r line; do
    home="${line%|*}"; origin="${line##*|}"
    [[ -d "$home" && ( "$origin" == toolchains.xml || "$(basename "$home")" == *graal* ) ]] || continue
    home="$(cd "$home" && pwd -P)"
    qp_is_graalvm "$home" || continue
    if v="$(qp_check_home "$home" "$major" "")"; then
      printf '%s|%s|%s\n' "$home" "$v" "$origin"; return 0
    fi
  done < <(_qp_candidates "$major")
  return 1
}
