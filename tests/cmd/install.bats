#!/usr/bin/env bats
# make install / uninstall honour PREFIX and DESTDIR.
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_DIRNAME/../.."
	dest=$(mktemp -d)
}

teardown() {
	rm -rf "$dest"
}

@test "install puts every command and man page under DESTDIR/PREFIX" {
	run -0 make -s install DESTDIR="$dest" PREFIX=/opt/xq
	for c in cmd/xq*.c; do
		n=$(basename "$c" .c)
		[ -x "$dest/opt/xq/bin/$n" ] || { echo "missing bin/$n"; return 1; }
		[ -f "$dest/opt/xq/share/man/man1/$n.1" ] || { echo "missing man1/$n.1"; return 1; }
	done
	run -0 "$dest/opt/xq/bin/xqperft" -p 2
	[ "$output" = "1920" ]
}

@test "uninstall removes them again" {
	make -s install DESTDIR="$dest" PREFIX=/opt/xq
	run -0 make -s uninstall DESTDIR="$dest" PREFIX=/opt/xq
	[ -z "$(find "$dest" -type f)" ]
}
