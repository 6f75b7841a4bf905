# shellcheck shell=bash
# Source me (bash): OpenJDK 17, HotSpot C1/C2.
# shellcheck source=lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" && qp_activate jdk17 17 plain
