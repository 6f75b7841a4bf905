# shellcheck shell=bash
# Java homes and version strings: the one place that parses them (sourced by activate.sh, discover.sh and
# install-jdks.sh). Defines functions only.

# qp_java_version <home>: 1.8.0_504 / 21.0.12.1 / 25 (from release, else java -version); fails if not a JVM
qp_java_version() {
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

# qp_java_major <version>: 1.8.0_504 -> 8, 21.0.12.1 -> 21, 25 -> 25
qp_java_major() {
  local v="$1"
  [[ "$v" == 1.* ]] && v="${v#1.}"
  printf '%s\n' "${v%%[.+_-]*}"
}

# qp_java_update <version>: 1.8.0_504 -> 504, 21.0.12.1 -> 12, 25 -> 0
qp_java_update() {
  local v="$1" rest
  if [[ "$v" == 1.* ]]; then rest="${v#*_}"; printf '%s\n' "${rest%%[^0-9]*}"; return; fi
  IFS=. read -r _ _ rest _ <<<"$v"
  rest="${rest%%[^0-9]*}"
  printf '%s\n' "${rest:-0}"
}

# qp_is_graalvm <home>: a GraalVM distribution (Graal is its default JIT)
qp_is_graalvm() {
  [[ -f "$1/lib/libjvmcicompiler.so" ]] && return 0
  [[ -f "$1/release" ]] && grep -q '^GRAALVM_VERSION=' "$1/release"
}

# qp_graalvm_name <home>: what the distribution calls itself, e.g. "GraalVM CE 17.0.9+9.1" (java.vendor.version)
qp_graalvm_name() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.vendor.version = //p' | head -n1
}

# qp_check_home <home> <major> <origin>: prints the version if <home> is a JDK of that major; otherwise prints
# why on stderr (when origin, the variable or file that named it, is non-empty) and fails.
qp_check_home() {
  local home="$1" major="$2" origin="$3" v
  if ! v="$(qp_java_version "$home")"; then
    [[ -z "$origin" ]] || printf 'jvm-profiles: %s\n' "$origin=$home is not a JDK (no working $home/bin/java)" >&2
    return 1
  fi
  if [[ "$(qp_java_major "$v")" != "$major" ]]; then
    [[ -z "$origin" ]] || printf 'jvm-profiles: %s\n' "$origin=$home is Java $v, not Java $major" >&2
    return 1
  fi
  if [[ ! -x "$home/bin/javac" ]]; then
    [[ -z "$origin" ]] || printf 'jvm-profiles: %s\n' "$origin=$home is a JRE (no bin/javac); Maven needs a JDK" >&2
    return 1
  fi
  printf '%s\n' "$v"
}

# qp_flags_not_in_effect <java> <all flags of the command line...> -- <-XX flags to check...>: runs
# `java <flags> -XX:+PrintFlagsFinal -version` and prints each checked flag whose final value is not the one asked
# for (with -XX:+IgnoreUnrecognizedVMOptions a JVM drops a flag it does not know without a word). Fails if the
# JVM does not start with those flags.
qp_flags_not_in_effect() {
  local java="$1" out flag name want got
  shift
  local cmd=()
  while (($#)) && [[ "$1" != -- ]]; do cmd+=("$1"); shift; done
  shift
  out="$("$java" "${cmd[@]}" -XX:+PrintFlagsFinal -version 2>&1)" || { printf '%s\n' "$out" | tail -n 3 >&2; return 1; }
  for flag in "$@"; do
    case "$flag" in
      -XX:+*) name="${flag#-XX:+}"; want=true ;;
      -XX:-*) name="${flag#-XX:-}"; want=false ;;
      -XX:*=*) name="${flag#-XX:}"; want="${name#*=}"; name="${name%%=*}" ;;
      *) continue ;;
    esac
    got="$(awk -v n="$name" '$2 == n && ($3 == "=" || $3 == ":=") { print $4; exit }' <<<"$out")"
    [[ "$got" == "$want" ]] || printf '%s (is %s)\n' "$flag" "${got:-not a flag of this JVM}"
  done
}
