#!/usr/bin/env bash
# The profiles as the Java tools ask for them (matrix.JvmProfiles); one question per call:
#   profile-env.sh names all|default      the profiles' names, one per line
#   profile-env.sh resolve NAME           the profile NAME or an alias names (an alias says so on stderr)
#   profile-env.sh activate NAME FLAGSET  the activated profile's facts as KEY=VALUE lines, or why not (stderr, exit 1)
set -euo pipefail
lib_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=activate.sh
. "$lib_dir/activate.sh"

case "${1:-}" in
  names) qp_profile_names "${2:-all}" ;;
  resolve) qp_profile_resolve "${2:-}" ;;
  activate)
    QP_QUIET=1 qp_activate "${2:-}" "${3:-default}" || exit 1
    # shellcheck disable=SC2153  # set by qp_activate
    printf '%s=%s\n' home "$JAVA_HOME" flags "$QP_JVM_FLAGS" javaSpec "$QP_EXPECTED_JAVA_SPEC" \
      expectsGraal "$QP_EXPECTS_GRAAL" javaVersion "$QP_JAVA_VERSION" origin "$QP_JVM_ORIGIN" \
      distribution "$QP_JVM_DISTRIBUTION" compiler "$QP_COMPILER" describedAs "$(qp_profile_describe "$QP_PROFILE_BASE")" \
      flagSetFlags "$(qp_profile_flags "$QP_PROFILE_BASE" "$QP_FLAG_SET" | paste -sd' ' -)" ;;
  *) printf 'profile-env: usage: profile-env.sh names all|default | resolve NAME | activate NAME FLAGSET\n' >&2; exit 2 ;;
esac
