# shellcheck shell=bash
# The Graal compiler as jars on a stock OpenJDK: which artifacts, which versions, and the JVM flags that make it
# the JIT. The one place for them (activate.sh and install-jdks.sh source it). Defines functions only.

# qp_graal_candidates <major>: Graal versions on Maven Central for that JDK line, newest first. install-jdks.sh
# takes the newest whose patch level is <= the JDK's update level (JVMCI's version check).
qp_graal_candidates() {
  case "$1" in
    17) echo "22.3.5" ;;
    21) echo "23.1.11 23.1.8 23.1.7 23.1.6 23.1.5 23.1.4 23.1.3 23.1.2 23.1.1 23.1.0" ;;
    25) echo "25.0.4 25.0.3 25.0.2 25.0.1 25.0.0" ;;
  esac
}

# qp_graal_artifacts <major> <version>: the Maven coordinates, one a line
qp_graal_artifacts() {
  case "$1" in
    17) printf '%s\n' "org.graalvm.sdk:graal-sdk:$2" "org.graalvm.truffle:truffle-api:$2" "org.graalvm.compiler:compiler:$2" ;;
    *)  printf '%s\n' "org.graalvm.sdk:word:$2" "org.graalvm.sdk:collections:$2" \
                      "org.graalvm.truffle:truffle-compiler:$2" "org.graalvm.compiler:compiler:$2" ;;
  esac
}

# qp_graal_jvmci_flags: Graal on JVMCI when the JVM already has it (a GraalVM, or JDK 11's built-in module)
qp_graal_jvmci_flags() {
  printf '%s\n' -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:+UseJVMCICompiler
}

# qp_graal_jar_flags <major> <jar dir>: Graal from the jars in <jar dir> as the JIT of a stock OpenJDK <major>
qp_graal_jar_flags() {
  local d="$2"
  case "$1" in
    17) qp_graal_jvmci_flags
        printf '%s\n' "--module-path=$d/graal-sdk.jar:$d/truffle-api.jar" "--upgrade-module-path=$d/compiler.jar" ;;
    *)  printf '%s\n' -XX:+UnlockExperimentalVMOptions -XX:+UseGraalJIT \
          "--upgrade-module-path=$d/word.jar:$d/collections.jar:$d/truffle-compiler.jar:$d/compiler.jar" ;;
  esac
}

# qp_graal_show_configuration <major>: the property that makes Graal print its configuration once it compiles
# (the proof that it is the JIT): graal.* up to 24, jdk.graal.* from 25
qp_graal_show_configuration() {
  if (($1 >= 25)); then echo -Djdk.graal.ShowConfiguration=info; else echo -Dgraal.ShowConfiguration=info; fi
}

# qp_graal_reported <output>: true if the output has Graal's configuration line
# (22.3: "Using compiler configuration 'community' ..."; 23.1+: "Using \"Graal Community compiler...\" loaded from ...")
qp_graal_reported() {
  grep -qE '^Using .*(compiler configuration|loaded from)' <<<"$1"
}
