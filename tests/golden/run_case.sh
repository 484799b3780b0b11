#!/bin/sh
# tests/golden/run_case.sh COMMAND - run one golden case and print its
# stdout, then its stderr and exit status, in the form expected/NAME holds.
err=$(mktemp)
sh -c "$1" 2>"$err"
rc=$?
echo "--- stderr"
cat "$err"
echo "--- exit $rc"
rm -f "$err"
