# shellcheck shell=bash
# Reads jvm-profiles/profiles.tsv, the one list of profiles, aliases and tuned flags. Defines functions only.

# qp_usage <script>: the script's usage, the comment block at its top (shebang left out)
qp_usage() { awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$1"; }

qp_profiles_file() { printf '%s\n' "${QP_PROFILES_FILE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/profiles.tsv}"; }

# _qp_profile_row <name>: the profile row's fields, TAB-separated (kind name aliases jdk compiler warmup matrix tuned)
_qp_profile_row() {
  awk -F'\t' -v n="$1" '$1 == "profile" && $2 == n { print; exit }' "$(qp_profiles_file)"
}

# qp_profile_names [all|default]: every profile, or those in the matrix's default set (matrix = always)
qp_profile_names() {
  awk -F'\t' -v which="${1:-all}" '$1 == "profile" && (which == "all" || $7 == "always") { print $2 }' \
    "$(qp_profiles_file)"
}

# qp_profile_field <name> <aliases|jdk|compiler|warmup|matrix|tuned>: '-' is printed as empty
qp_profile_field() {
  local column
  case "$2" in
    aliases) column=3 ;; jdk) column=4 ;; compiler) column=5 ;; warmup) column=6 ;; matrix) column=7 ;;
    tuned) column=8 ;; *) printf 'jvm-profiles: no profile field %s\n' "$2" >&2; return 1 ;;
  esac
  awk -F'\t' -v n="$1" -v c="$column" '$1 == "profile" && $2 == n { if ($c != "-") print $c; exit }' \
    "$(qp_profiles_file)"
}

# qp_profile_describe <name>: what runs under the profile, in words
qp_profile_describe() {
  local jdk compiler
  jdk="$(qp_profile_field "$1" jdk)"; compiler="$(qp_profile_field "$1" compiler)"
  case "$compiler" in
    c2) echo "OpenJDK $jdk, HotSpot C1/C2" ;;
    graal-jars) echo "OpenJDK $jdk with the Graal compiler jars on JVMCI (not a GraalVM distribution)" ;;
    graal-builtin) echo "OpenJDK $jdk with its built-in Graal on JVMCI (not a GraalVM distribution)" ;;
    graalvm) echo "a GraalVM distribution for JDK $jdk (GraalVM CE or Oracle GraalVM), Graal as JIT" ;;
    *) echo "unknown compiler '$compiler'" ;;
  esac
}

# qp_profile_resolve <name|alias>: prints the profile's name; for an alias also says on stderr that it is one
# and what runs; fails, saying so, for an unknown name
qp_profile_resolve() {
  local name
  if [[ -n "$(_qp_profile_row "$1")" ]]; then printf '%s\n' "$1"; return 0; fi
  name="$(awk -F'\t' -v a="$1" '$1 == "profile" { n = split($3, as, ","); for (i = 1; i <= n; i++) if (as[i] == a) { print $2; exit } }' \
    "$(qp_profiles_file)")"
  if [[ -z "$name" ]]; then
    printf 'jvm-profiles: no profile or alias %s; profiles: %s\n' "$1" "$(qp_profile_names all | tr '\n' ' ')" >&2
    return 1
  fi
  printf 'jvm-profiles: %s is an alias of %s: %s\n' "$1" "$name" "$(qp_profile_describe "$name")" >&2
  printf '%s\n' "$name"
}

# qp_profile_flags <name> <default|tuned>: the flags the flag set adds to the profile's own (none for default)
qp_profile_flags() {
  case "$2" in
    default) ;;
    tuned) qp_profile_field "$1" tuned | tr ' ' '\n' | sed '/^$/d' ;;
    *) printf 'jvm-profiles: no flag set %s; accepted: default, tuned\n' "$2" >&2; return 1 ;;
  esac
}

# qp_flag_jdks <flag>: the first-last Java majors of a documented tuned flag ('' if undocumented)
qp_flag_jdks() {
  awk -F'\t' -v f="$1" '$1 == "flag" && $2 == f { print $3; exit }' "$(qp_profiles_file)"
}

# qp_profiles_problems: one line per inconsistency in profiles.tsv (a tuned flag without its documentation row
# or outside its JDK range, an alias that is also a name, a name ending in -tuned, which the matrix reserves)
qp_profiles_problems() {
  awk -F'\t' '
    $1 == "flag" { split($3, r, "-"); lo[$2] = r[1]; hi[$2] = r[2] }
    $1 == "profile" { rows[++n] = $0; names[$2] = 1 }
    END {
      for (i = 1; i <= n; i++) {
        split(rows[i], f, "\t")
        if (f[2] ~ /-tuned$/) print f[2] ": a profile name must not end in -tuned (the matrix names tuned runs so)"
        if (f[5] !~ /^(c2|graal-jars|graal-builtin|graalvm)$/) print f[2] ": unknown compiler " f[5]
        if (f[7] !~ /^(always|found)$/) print f[2] ": matrix must be always or found, not " f[7]
        na = split(f[3], as, ",")
        for (j = 1; j <= na; j++) if (as[j] != "-" && as[j] in names) print f[2] ": alias " as[j] " is also a profile name"
        nt = split(f[8], ts, " ")
        for (j = 1; j <= nt; j++) {
          if (ts[j] == "-") continue
          if (!(ts[j] in lo)) print f[2] ": tuned flag " ts[j] " has no flag row"
          else if (f[4] + 0 < lo[ts[j]] + 0 || f[4] + 0 > hi[ts[j]] + 0)
            print f[2] ": tuned flag " ts[j] " exists on JDK " lo[ts[j]] "-" hi[ts[j]] ", not " f[4]
        }
      }
    }' "$(qp_profiles_file)"
}
