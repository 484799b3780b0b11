#!/usr/bin/env bats
# Golden files: the conversions and diagnostics of samples/ compared whole
# against tests/golden/expected/ (cases in tests/golden/cases.txt), so that
# any change of output is a visible diff.  tests/golden/update.sh rewrites
# them after an intended change.
bats_require_minimum_version 1.5.0

setup() {
	ROOT="$BATS_TEST_DIRNAME/../.."
	cd "$ROOT" || return 1
}

@test "every golden case has an expected file and every expected file a case" {
	cases=$(grep -v '^#' tests/golden/cases.txt | cut -f1 | sort)
	files=$(ls tests/golden/expected | sort)
	[ "$cases" = "$files" ]
	[ "$(echo "$cases" | wc -l)" -ge 25 ]
}

@test "every golden case gives its expected output, stderr and exit status" {
	tab=$(printf '\t')
	failed=""
	while IFS="$tab" read -r name cmd; do
		case $name in ''|'#'*) continue ;; esac
		sh tests/golden/run_case.sh "$cmd" >"$BATS_TEST_TMPDIR/$name"
		if ! diff -u --text "tests/golden/expected/$name" "$BATS_TEST_TMPDIR/$name" >"$BATS_TEST_TMPDIR/$name.diff"; then
			failed="$failed $name"
			head -40 "$BATS_TEST_TMPDIR/$name.diff"
		fi
	done < tests/golden/cases.txt
	[ -z "$failed" ] || { echo "differ:$failed"; false; }
}
