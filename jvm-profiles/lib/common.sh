# shellcheck shell=bash
# Shared logic of the jvm-profiles/*.sh shell profiles. SOURCED, never run:
#   . jvm-profiles/lib/common.sh && qp_activate <profile> <major> <mode> [warm-up s]
# It only defines functions (qp_*, _qp_*); the user's shell options are left
# alone (no set -e/-u here) and the environment changes only when a profile
# activates successfully.
#
# mode: plain   stock HotSpot (C1/C2)
#       graal   Graal JIT: a GraalVM distribution from GRAALVM_<P>_HOME /
#               GRAALVM_HOME, else the JDK plus the Graal compiler jars that
#               install-jdks.sh put in .jdks/graal/jdk<major>
#       jvmci   the Graal compiler built into the JDK (JDK 11)

if [ -z "${BASH_VERSION:-}" ]; then
  echo "jvm-profiles: these profiles need bash (source them from bash)" >&2
  return 1
fi
if [[ ${#BASH_SOURCE[@]} -eq 2 && "${BASH_SOURCE[1]}" == "$0" ]]; then
  echo "jvm-profiles: source this file, do not run it:  source ${BASH_SOURCE[1]}" >&2
  return 1
fi

_qp_err()  { printf 'jvm-profiles: %s\n' "$*" >&2; }
_qp_note() { [[ "${QP_QUIET:-0}" == 1 ]] || printf 'jvm-profiles: %s\n' "$*" >&2; }

# folder of the checkout (this file is jvm-profiles/lib/common.sh)
_qp_project_dir() { (cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd); }
_qp_jdks_dir()    { printf '%s\n' "${QP_JDKS_DIR:-$(_qp_project_dir)/.jdks}"; }

# _qp_java_version <home>: 1.8.0_504 / 21.0.12.1 / 25 ... ('' if not a JDK)
_qp_java_version() {
  local home="$1" v=""
  [[ -x "$home/bin/java" ]] || return 1
  if [[ -f "$home/release" ]]; then
    v="$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$home/release")"
  fi
  if [[ -z "$v" ]]; then
    v="$("$home/bin/java" -version 2>&1 | sed -n 's/.* version "\([^"]*\)".*/\1/p' | head -n1)"
  fi
  [[ -n "$v" ]] || return 1
  printf '%s\n' "$v"
}
# _qp_major <version>: 1.8.0_504 -> 8, 21.0.12.1 -> 21
_qp_major() {
  local v="$1"
  [[ "$v" == 1.* ]] && v="${v#1.}"
  printf '%s\n' "${v%%[.+_-]*}"
}
# _qp_is_graalvm <home>: a GraalVM distribution (Graal is its default JIT)
_qp_is_graalvm() {
  [[ -f "$1/lib/libjvmcicompiler.so" ]] && return 0
  [[ -f "$1/release" ]] && grep -q '^GRAALVM_VERSION=' "$1/release"
}

# _qp_check_home <home> <major> <origin>: prints the version if <home> is a JDK
# of that major; otherwise prints why on stderr (when origin is non-empty).
_qp_check_home() {
  local home="$1" major="$2" origin="$3" v
  if ! v="$(_qp_java_version "$home")"; then
    [[ -z "$origin" ]] || _qp_err "$origin=$home is not a JDK (no working $home/bin/java)"
    return 1
  fi
  if [[ "$(_qp_major "$v")" != "$major" ]]; then
    [[ -z "$origin" ]] || _qp_err "$origin=$home is Java $v, not Java $major"
    return 1
  fi
  if [[ ! -x "$home/bin/javac" ]]; then
    [[ -z "$origin" ]] || _qp_err "$origin=$home is a JRE (no bin/javac); Maven needs a JDK"
    return 1
  fi
  printf '%s\n' "$v"
}

# _qp_find_jdk <major>: prints "<home>|<version>". Order: JDK<major>_HOME,
# the provisioned .jdks/jdk<major>, SDKMAN, /usr/lib/jvm. GraalVM
# distributions are skipped in the automatic search (their JIT is Graal).
_qp_find_jdk() {
  local major="$1" var="JDK${1}_HOME" home v d
  if [[ -n "${!var:-}" ]]; then
    v="$(_qp_check_home "${!var}" "$major" "$var")" || return 2
    printf '%s|%s\n' "${!var}" "$v"; return 0
  fi
  for d in "$(_qp_jdks_dir)/jdk$major" "$HOME"/.sdkman/candidates/java/* /usr/lib/jvm/*; do
    [[ -d "$d" && "$d" != */current ]] || continue
    home="$(cd "$d" && pwd -P)"
    _qp_is_graalvm "$home" && continue
    if v="$(_qp_check_home "$home" "$major" "")"; then
      printf '%s|%s\n' "$home" "$v"; return 0
    fi
  done
  return 1
}

# qp_activate <profile> <major> <plain|graal|jvmci> [graal warm-up seconds]
qp_activate() {
  local name="$1" major="$2" mode="$3" warmup="${4:-}"
  local pvar home="" version="" found rc graal_home="" jars="" flags=() expects_graal=false
  pvar="$(printf '%s' "$name" | tr '[:lower:]-' '[:upper:]_')_HOME"   # graalvm-ce17 -> GRAALVM_CE17_HOME

  # 1. a home chosen for this very profile (<PROFILE>_HOME: JDK11_HOME for
  #    jdk11, GRAALVM_CE21_HOME for graalvm-ce21, ...), used as-is; for a
  #    graal profile also GRAALVM_HOME when it is a GraalVM of that major
  if [[ -n "${!pvar:-}" ]]; then
    version="$(_qp_check_home "${!pvar}" "$major" "$pvar")" || return 1
    if [[ "$mode" == graal ]]; then
      graal_home="${!pvar}"
      _qp_is_graalvm "$graal_home" \
        || _qp_note "warning: $pvar=$graal_home does not look like a GraalVM (no GRAALVM_VERSION in release, no lib/libjvmcicompiler.so)"
    else
      home="${!pvar}"
    fi
  elif [[ "$mode" == graal ]]; then
    if [[ -n "${GRAALVM_HOME:-}" ]]; then
      if version="$(_qp_check_home "$GRAALVM_HOME" "$major" "")"; then
        graal_home="$GRAALVM_HOME"
      else
        _qp_note "GRAALVM_HOME=$GRAALVM_HOME is not a Java $major JDK; ignored for $name (set $pvar to force one)"
      fi
    fi
  fi

  # 2. otherwise a stock JDK of that major
  if [[ -n "$graal_home" ]]; then
    home="$graal_home"
  elif [[ -z "$home" ]]; then
    if found="$(_qp_find_jdk "$major")"; then rc=0; else rc=$?; fi   # (safe under a caller's set -e)
    if [[ $rc -eq 2 ]]; then
      _qp_err "$name not activated: fix or unset JDK${major}_HOME"
      return 1
    elif [[ $rc -ne 0 ]]; then
      _qp_err "no JDK $major found for profile $name (looked at JDK${major}_HOME, $(_qp_jdks_dir)/jdk$major, ~/.sdkman/candidates/java/*, /usr/lib/jvm/*)."
      _qp_err "  get it with:  $(_qp_project_dir)/jvm-profiles/install-jdks.sh $major$([[ "$mode" == graal ]] && printf ' graal%s' "$major")"
      _qp_err "  or point JDK${major}_HOME at a JDK $major$([[ "$mode" == graal ]] && printf ' (or %s / GRAALVM_HOME at a GraalVM for JDK %s)' "$pvar" "$major")"
      return 1
    fi
    home="${found%%|*}"; version="${found#*|}"
  fi

  # 3. JVM flags
  local heap="${QP_HEAP:-2g}"
  flags=("-Xms$heap" "-Xmx$heap" -XX:+UseG1GC -XX:+AlwaysPreTouch)
  case "$mode" in
    plain)
      if _qp_is_graalvm "$home"; then   # explicit JDKnn_HOME at a GraalVM: force C2
        _qp_note "$home is a GraalVM; using -XX:-UseJVMCICompiler so $name runs C2"
        flags+=(-XX:+UnlockExperimentalVMOptions -XX:-UseJVMCICompiler)
      fi ;;
    jvmci)
      if [[ ! -f "$home/jmods/jdk.internal.vm.compiler.jmod" ]] \
         && ! "$home/bin/java" --list-modules 2>/dev/null | grep -q '^jdk.internal.vm.compiler@'; then
        _qp_err "$home has no built-in Graal (module jdk.internal.vm.compiler); $name needs an OpenJDK 11 that ships it"
        return 1
      fi
      flags+=(-XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:+UseJVMCICompiler)
      expects_graal=true ;;
    graal)
      expects_graal=true
      if [[ -n "$graal_home" ]]; then
        flags+=(-XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:+UseJVMCICompiler)
      else
        jars="$(_qp_jdks_dir)/graal/jdk$major"
        if [[ ! -f "$jars/.qp-installed" || ! -f "$jars/compiler.jar" ]]; then
          _qp_err "Graal compiler jars for JDK $major missing in $jars"
          _qp_err "  get them with:  $(_qp_project_dir)/jvm-profiles/install-jdks.sh graal$major"
          _qp_err "  or point $pvar (or GRAALVM_HOME) at a GraalVM for JDK $major"
          return 1
        fi
        if [[ "$jars" == *[[:space:]]* ]]; then
          _qp_err "the path $jars contains blanks and cannot go into QP_JVM_FLAGS; set QP_JDKS_DIR to a path without blanks and re-run install-jdks.sh"
          return 1
        fi
        case "$major" in
          17) flags+=(-XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:+UseJVMCICompiler
                      "--module-path=$jars/graal-sdk.jar:$jars/truffle-api.jar"
                      "--upgrade-module-path=$jars/compiler.jar") ;;
          *)  flags+=(-XX:+UnlockExperimentalVMOptions -XX:+UseGraalJIT
                      "--upgrade-module-path=$jars/word.jar:$jars/collections.jar:$jars/truffle-compiler.jar:$jars/compiler.jar") ;;
        esac
      fi ;;
    *) _qp_err "qp_activate: unknown mode '$mode'"; return 1 ;;
  esac
  flags+=("-Dqp.profile=$name")
  if [[ "$expects_graal" == true && -n "$warmup" ]]; then
    flags+=("-Dqp.warmupSeconds=$warmup")
  fi

  # 4. export (only now: a failed activation leaves the shell untouched)
  local newpath=":$PATH:"
  if [[ -n "${QP_JAVA_BIN:-}" ]]; then     # drop the previous profile's java
    newpath="${newpath//:$QP_JAVA_BIN:/:}"
  fi
  newpath="${newpath#:}"; newpath="${newpath%:}"
  export JAVA_HOME="$home"
  export QP_JAVA_BIN="$home/bin"
  export PATH="$QP_JAVA_BIN${newpath:+:$newpath}"
  # the measured (forked) JVM's flags; Maven's own JVM gets none of them (docs/running.md)
  export QP_JVM_FLAGS="${flags[*]}${QP_EXTRA_OPTS:+ $QP_EXTRA_OPTS}"
  export QP_PROFILE="$name"
  export QP_EXPECTED_JAVA_SPEC="$major"
  export QP_EXPECTS_GRAAL="$expects_graal"
  export QP_JAVA_VERSION="$version"
  hash -r 2>/dev/null
  _qp_note "$name: Java $version at $home${jars:+ + Graal jars $(sed -n 's/^graal:\([^ ]*\).*/\1/p' "$jars/.qp-installed")}"
  _qp_note "QP_JVM_FLAGS=$QP_JVM_FLAGS"
  return 0
}
