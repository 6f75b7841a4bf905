# shellcheck shell=bash
# Source me (bash): JDK 11's built-in Graal as JIT (JVMCI); last arg = default warm-up s (measured).
# shellcheck source=lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" && qp_activate graalvm-jit11 11 jvmci 240
