# shellcheck shell=bash
# Activating a profile in the current shell. SOURCED, never run (jvm-profiles/use.sh is the way in):
#   . jvm-profiles/lib/activate.sh && qp_activate <profile|alias> [default|tuned]
# It only defines functions (qp_*, _qp_*); the user's shell options are left alone (no set -e/-u here) and the
# environment changes only when a profile activates successfully. What a profile is comes from profiles.tsv.

if [ -z "${BASH_VERSION:-}" ]; then
  echo "jvm-profiles: these profiles need bash (source them from bash)" >&2
  return 1
fi
_qp_lib="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=java.sh
. "$_qp_lib/java.sh"
# shellcheck source=graal.sh
. "$_qp_lib/graal.sh"
# shellcheck source=discover.sh
. "$_qp_lib/discover.sh"
# shellcheck source=profiles.sh
. "$_qp_lib/profiles.sh"
unset _qp_lib

_qp_err()  { printf 'jvm-profiles: %s\n' "$*" >&2; }
_qp_note() { [[ "${QP_QUIET:-0}" == 1 ]] || printf 'jvm-profiles: %s\n' "$*" >&2; }
_qp_project_dir() { (cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd); }

# qp_activate <profile|alias> [default|tuned]
qp_activate() {
  local name flag_set="${2:-default}" major compiler warmup pvar label found rc set_flags
  local home="" version="" origin="" jars="" distribution="" flags=() extra=() expects_graal=false
  name="$(qp_profile_resolve "$1")" || return 1
  set_flags="$(qp_profile_flags "$name" "$flag_set")" || return 1
  [[ -z "$set_flags" ]] || mapfile -t extra <<<"$set_flags"
  major="$(qp_profile_field "$name" jdk)"
  compiler="$(qp_profile_field "$name" compiler)"
  warmup="$(qp_profile_field "$name" warmup)"
  label="$name"; [[ "$flag_set" == default ]] || label="$name-$flag_set"
  pvar="$(printf '%s' "$name" | tr '[:lower:]-' '[:upper:]_')_HOME"   # jdk17-graaljit -> JDK17_GRAALJIT_HOME
  local old_var
  old_var="$(printf '%s' "$1" | tr '[:lower:]-' '[:upper:]_')_HOME"   # graalvm-ce17 -> GRAALVM_CE17_HOME
  if [[ "$1" != "$name" && -n "${!old_var:-}" ]]; then   # the old names read theirs, as a GraalVM for graalvm-ce*
    _qp_err "$old_var is no longer read: $name is $(qp_profile_describe "$name"); its own variable is $pvar$( \
      [[ -z "$(qp_profile_field "graalvm$major" jdk)" ]] \
        || printf '; a GraalVM runs as profile graalvm%s (GRAALVM%s_HOME)' "$major" "$major")"
  fi

  # 1. where the JVM is: <PROFILE>_HOME used as-is, else the discovery of lib/discover.sh
  if [[ -n "${!pvar:-}" ]]; then
    version="$(qp_check_home "${!pvar}" "$major" "$pvar")" || return 1
    home="${!pvar}"; origin="$pvar"
  else
    if [[ "$compiler" == graalvm ]]; then
      if found="$(qp_find_graalvm "$major")"; then rc=0; else rc=$?; fi   # (safe under a caller's set -e)
    else
      if found="$(qp_find_jdk "$major")"; then rc=0; else rc=$?; fi
    fi
    if [[ $rc -eq 2 ]]; then
      _qp_err "$name not activated: fix or unset the variable named above"
      return 1
    elif [[ $rc -ne 0 && "$compiler" == graalvm ]]; then
      _qp_err "no GraalVM for JDK $major found for profile $name (looked at GRAALVM${major}_HOME, GRAALVM_HOME, ~/.m2/toolchains.xml, ~/.sdkman/candidates/java/*graal*, /usr/lib/jvm/*graal*)."
      _qp_err "  install GraalVM CE or Oracle GraalVM for JDK $major and point GRAALVM${major}_HOME (or GRAALVM_HOME) at it;"
      _qp_err "  jdk$major-graaljit runs the Graal compiler jars on OpenJDK $major instead"
      return 1
    elif [[ $rc -ne 0 ]]; then
      _qp_err "no JDK $major found for profile $name (looked at JDK${major}_HOME, JAVA${major}_HOME, ~/.m2/toolchains.xml, $(_qp_jdks_dir)/jdk$major, ~/.sdkman/candidates/java/*, /usr/lib/jvm/*)."
      _qp_err "  get it with:  $(_qp_project_dir)/jvm-profiles/install-jdks.sh $major$([[ "$compiler" == graal-jars ]] && printf ' graal%s' "$major")"
      _qp_err "  or point JDK${major}_HOME (or JAVA${major}_HOME) at a JDK $major"
      return 1
    fi
    IFS='|' read -r home version origin <<<"$found"
  fi

  # 2. JVM flags: the same heap and collector everywhere, then the compiler's, then the flag set's
  local heap="${QP_HEAP:-2g}"
  flags=("-Xms$heap" "-Xmx$heap" -XX:+UseG1GC -XX:+AlwaysPreTouch)
  case "$compiler" in
    c2)
      if qp_is_graalvm "$home"; then   # an explicit home at a GraalVM: force C2
        _qp_note "$home is a GraalVM; using -XX:-UseJVMCICompiler so $name runs C2"
        flags+=(-XX:+UnlockExperimentalVMOptions -XX:-UseJVMCICompiler)
      fi ;;
    graal-builtin)
      if [[ ! -f "$home/jmods/jdk.internal.vm.compiler.jmod" ]] \
         && ! "$home/bin/java" --list-modules 2>/dev/null | grep -q '^jdk.internal.vm.compiler@'; then
        _qp_err "$home has no built-in Graal (module jdk.internal.vm.compiler); $name needs an OpenJDK $major that ships it"
        return 1
      fi
      mapfile -t -O "${#flags[@]}" flags < <(qp_graal_jvmci_flags)
      expects_graal=true ;;
    graalvm)
      qp_is_graalvm "$home" || _qp_note "warning: $home does not look like a GraalVM (no GRAALVM_VERSION in release, no lib/libjvmcicompiler.so)"
      distribution="$(qp_graalvm_name "$home")"
      mapfile -t -O "${#flags[@]}" flags < <(qp_graal_jvmci_flags)
      expects_graal=true ;;
    graal-jars)
      jars="$(_qp_jdks_dir)/graal/jdk$major"
      if [[ ! -f "$jars/.qp-installed" || ! -f "$jars/compiler.jar" ]]; then
        _qp_err "Graal compiler jars for JDK $major missing in $jars"
        _qp_err "  get them with:  $(_qp_project_dir)/jvm-profiles/install-jdks.sh graal$major"
        _qp_err "  (a GraalVM distribution runs as profile graalvm$major instead)"
        return 1
      fi
      if [[ "$jars" == *[[:space:]]* ]]; then
        _qp_err "the path $jars contains blanks and cannot go into QP_JVM_FLAGS; set QP_JDKS_DIR to a path without blanks and re-run install-jdks.sh"
        return 1
      fi
      mapfile -t -O "${#flags[@]}" flags < <(qp_graal_jar_flags "$major" "$jars")
      expects_graal=true ;;
    *) _qp_err "profile $name: unknown compiler '$compiler' in $(qp_profiles_file)"; return 1 ;;
  esac
  flags+=("${extra[@]}" "-Dqp.profile=$label")
  [[ -z "$warmup" ]] || flags+=("-Dqp.warmupSeconds=$warmup")

  # 3. export (only now: a failed activation leaves the shell untouched)
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
  export QP_PROFILE="$label"          # what the run records as qp.profile and the matrix names its folder
  export QP_PROFILE_BASE="$name"
  export QP_FLAG_SET="$flag_set"
  export QP_COMPILER="$compiler"
  export QP_JVM_ORIGIN="$origin"      # where the JVM was found (a variable, toolchains.xml, provisioned, a folder)
  export QP_JVM_DISTRIBUTION="$distribution"   # a GraalVM's java.vendor.version, else empty
  export QP_EXPECTED_JAVA_SPEC="$major"
  export QP_EXPECTS_GRAAL="$expects_graal"
  export QP_JAVA_VERSION="$version"
  hash -r 2>/dev/null
  _qp_note "$label: $(qp_profile_describe "$name"): Java $version at $home (from $origin)${distribution:+, $distribution}${jars:+ + Graal jars $(sed -n 's/^graal:\([^ ]*\).*/\1/p' "$jars/.qp-installed")}"
  _qp_note "QP_JVM_FLAGS=$QP_JVM_FLAGS"
  return 0
}
