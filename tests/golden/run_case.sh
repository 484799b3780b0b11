#!/bin/sh
# tests/golden/run_case.sh COMMAND - run one golden case and print its
# stdout, then its stderr and exit status, in the form expected/NAME holds.
# pipefail: a case that pipes a command into od reports that command's status.
err=$(mktemp)
bash -o pipefail -c "$1" 2>"$err"
rc=$?
echo "--- stderr"
cat "$err"
echo "--- exit $rc"
rm -f "$err"
