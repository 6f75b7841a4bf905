# shellcheck shell=bash
# Source me (bash): Graal JIT (GraalVM CE 17's compiler, 22.3) on OpenJDK 17; last arg = default warm-up s (measured).
# shellcheck source=lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" && qp_activate graalvm-ce17 17 graal 240
