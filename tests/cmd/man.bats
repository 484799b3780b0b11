#!/usr/bin/env bats
# Every command has a man page that lints clean, and answers --help and
# --version the same way.
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_DIRNAME/../.."
}

@test "every command has a man page in man/" {
	for c in cmd/xq*.c; do
		n=$(basename "$c" .c)
		[ -f "man/$n.1" ] || { echo "no man/$n.1"; return 1; }
	done
}

@test "every man page lints clean (mandoc -Tlint, warnings and worse)" {
	for m in man/*.[1-9]; do
		run mandoc -Tlint -Wwarning "$m"
		[ "$status" -eq 0 ] || { echo "$m: $output"; return 1; }
	done
}

@test "every command: --help on stdout exit 0, --version names xqtools" {
	for c in cmd/xq*.c; do
		n=$(basename "$c" .c)
		run -0 "$n" --help
		[[ "$output" == *"usage: $n"* ]] || { echo "$n --help: $output"; return 1; }
		run -0 "$n" --version
		[[ "$output" == "$n (xqtools) "* ]] || { echo "$n --version: $output"; return 1; }
	done
}

@test "every command: an unknown option is exit 2 with usage on stderr" {
	for c in cmd/xq*.c; do
		n=$(basename "$c" .c)
		run -2 --separate-stderr "$n" --no-such-option
		[ -z "$output" ] || { echo "$n printed on stdout: $output"; return 1; }
		[[ "$stderr" == *"usage: $n"* ]] || { echo "$n: $stderr"; return 1; }
	done
}

@test "xq(3) names only functions, types and constants that lib/xq*.h declares" {
	[ -f man/xq.3 ]
	names=$(sed -n -E 's/^\.(Fn|Vt|Dv) ([A-Za-z_][A-Za-z0-9_ ]*).*/\2/p; s/^\.It (Fn|Dv) ([A-Za-z_][A-Za-z0-9_]*).*/\2/p' man/xq.3 |
		tr ' ' '\n' | grep -E '^(xq_|XQ_|struct$)' | grep -vx struct | sort -u)
	[ "$(wc -l <<<"$names")" -gt 30 ]
	for n in $names; do
		grep -qw -- "$n" lib/xq*.h || { echo "xq.3 names $n, which lib/xq*.h does not declare"; return 1; }
	done
}
