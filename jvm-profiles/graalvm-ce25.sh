# shellcheck shell=bash
# Source me (bash): Graal JIT (GraalVM CE 25's compiler, 25.0) on OpenJDK 25; last arg = default warm-up s (measured).
# shellcheck source=lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" && qp_activate graalvm-ce25 25 graal 240
