#!/bin/sh
# tests/golden/update.sh [BUILD] - write expected/NAME for every case of
# cases.txt from the commands as built now.  Review the diff before
# committing: it is the change of output.
cd "$(dirname "$0")/../.." || exit 2
B=${1:-build}
PATH="$(pwd)/$B/bin:$PATH"
export PATH
tab=$(printf '\t')
grep -v '^#' tests/golden/cases.txt | while IFS="$tab" read -r name cmd; do
	[ -n "$name" ] || continue
	sh tests/golden/run_case.sh "$cmd" >"tests/golden/expected/$name"
done
