# shellcheck shell=sh
# tests/tap.sh - sourced by the check scripts that print TAP lines:
# tap NAME CMD... runs CMD and says "ok N - NAME", or "not ok N - NAME"
# with the first 20 lines of what it printed as comments; tap_end says the
# plan and fails when any did.
n=0
bad=0
tap() {
	tap_name=$1
	shift
	n=$((n + 1))
	if tap_out=$("$@" 2>&1); then
		echo "ok $n - $tap_name"
	else
		echo "not ok $n - $tap_name"
		echo "$tap_out" | head -20 | sed 's/^/# /'
		bad=$((bad + 1))
	fi
}
tap_end() {
	echo "1..$n"
	[ "$bad" -eq 0 ]
}
