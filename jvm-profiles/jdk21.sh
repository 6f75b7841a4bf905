# shellcheck shell=bash
# Source me (bash): OpenJDK 21, HotSpot C1/C2.
# shellcheck source=lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" && qp_activate jdk21 21 plain
