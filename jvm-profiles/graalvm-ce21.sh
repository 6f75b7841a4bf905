# shellcheck shell=bash
# Source me (bash): Graal JIT (GraalVM CE 21's compiler, 23.1) on OpenJDK 21; last arg = default warm-up s (measured).
# shellcheck source=lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" && qp_activate graalvm-ce21 21 graal 240
