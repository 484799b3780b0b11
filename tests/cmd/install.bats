#!/usr/bin/env bats
# make install / uninstall: commands, the library (shared and static), its
# header and pkg-config file, man pages and completions, under DESTDIR and
# PREFIX, LIBDIR and the other directories; a program built against the
# installed library through pkg-config; uninstall leaves nothing.
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_DIRNAME/../.."
	dest=$(mktemp -d)
	T=$BATS_TEST_TMPDIR
}

teardown() {
	rm -rf "$dest"
}

# The commands, from their sources.
commands() {
	for c in cmd/xq*.c; do basename "$c" .c; done
}

# The C program of the EXAMPLES section of man/xq.3, unescaped.
example() {
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh/p' man/xq.3 |
		sed -n '/^\.Bd -literal$/,/^\.Ed$/p' | sed '1d;$d' |
		sed -e 's/\\e/\\/g' -e 's/\\-/-/g'
}

# Long options a command accepts, from the command itself: "--=" is a
# prefix of every long option, which it lists as ambiguous.
accepted() {
	"$1" --= 2>&1 | sed -n "s/^[^:]*: option '--' is ambiguous: //p" | sed 's/, /\n/g'
}

@test "install puts every command, man page, library file, header and completion in place" {
	run -0 make -s install DESTDIR="$dest" PREFIX=/opt/xq
	p=$dest/opt/xq
	for n in $(commands); do
		[ -x "$p/bin/$n" ] || { echo "missing bin/$n"; return 1; }
		[ -f "$p/share/man/man1/$n.1" ] || { echo "missing man1/$n.1"; return 1; }
		[ -f "$p/share/bash-completion/completions/$n" ] || { echo "no bash completion of $n"; return 1; }
		[ -f "$p/share/zsh/site-functions/_$n" ] || { echo "no zsh completion of $n"; return 1; }
	done
	for m in man/*.[1-9]; do
		[ -f "$p/share/man/man${m##*.}/${m##*/}" ] || { echo "missing $m"; return 1; }
	done
	[ -f "$p/share/man/man3/xq.3" ]
	for h in lib/xq*.h; do
		cmp "$h" "$p/include/${h##*/}"
	done
	[ -f "$p/lib/libxq.so.0.1.0" ] && [ ! -L "$p/lib/libxq.so.0.1.0" ]
	[ "$(readlink "$p/lib/libxq.so.0")" = libxq.so.0.1.0 ]
	[ "$(readlink "$p/lib/libxq.so")" = libxq.so.0.1.0 ]
	[ -f "$p/lib/libxq.a" ]
	run -0 objdump -p "$p/lib/libxq.so.0.1.0"
	[[ "$output" == *"SONAME               libxq.so.0"* ]]
	run -0 "$p/bin/xqperft" -p 2
	[ "$output" = "1920" ]
}

@test "xq.pc names the prefix and library directory it was installed with" {
	run -0 make -s install DESTDIR="$dest" PREFIX=/opt/xq LIBDIR=/opt/xq/lib64 INCLUDEDIR=/opt/xq/inc
	export PKG_CONFIG_LIBDIR=$dest/opt/xq/lib64/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
	run -0 pkg-config --modversion xq
	[ "$output" = 0.1.0 ]
	run -0 pkg-config --cflags --libs xq
	[ "${output% }" = "-I$dest/opt/xq/inc -L$dest/opt/xq/lib64 -lxq" ]
	run -0 pkg-config --static --libs xq
	[ "${output% }" = "-L$dest/opt/xq/lib64 -lxq -lisal -lz -lopencc -lm -pthread" ]
	[ -f "$dest/opt/xq/lib64/libxq.so.0" ] && [ -f "$dest/opt/xq/inc/xq.h" ]
}

@test "BINDIR and MANDIR are honoured" {
	run -0 make -s install DESTDIR="$dest" PREFIX=/opt/xq BINDIR=/opt/bin MANDIR=/opt/man
	[ -x "$dest/opt/bin/xqconv" ] && [ -f "$dest/opt/man/man1/xqconv.1" ]
	[ ! -e "$dest/opt/xq/bin" ] && [ ! -e "$dest/opt/xq/share/man" ]
}

@test "the example of xq(3), built through pkg-config, shared and static, runs" {
	command -v pkg-config >/dev/null || { echo "pkg-config is not installed: make deps"; return 1; }
	run -0 make -s install DESTDIR="$dest" PREFIX=/opt/xq
	export PKG_CONFIG_LIBDIR=$dest/opt/xq/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
	example >"$T/results.c"
	grep -q 'xq_reader_next' "$T/results.c"
	run -0 cc -std=c11 -Wall -Werror -o "$T/shared" "$T/results.c" $(pkg-config --cflags --libs xq)
	run -0 cc -std=c11 -Wall -Werror -o "$T/static" "$T/results.c" \
		$(pkg-config --static --cflags --libs xq | sed 's/-lxq/-l:libxq.a/')
	# the shared one needs libxq.so.0, the static one does not
	run -0 objdump -p "$T/shared"
	[[ "$output" == *"NEEDED               libxq.so.0"* ]]
	run -0 objdump -p "$T/static"
	[[ "$output" != *libxq* ]]
	run -0 env LD_LIBRARY_PATH="$dest/opt/xq/lib" "$T/shared" samples/games.pgn
	[ "$output" = "game 1: 1-0, 12 plies"$'\n'"game 2: 1/2-1/2, 10 plies" ]
	run -0 "$T/static" samples/games.pgn
	[ "$output" = "game 1: 1-0, 12 plies"$'\n'"game 2: 1/2-1/2, 10 plies" ]
	run -0 "$T/static" samples/endgame.txt
	[ "$output" = "game 1: *, 1 plies, checkmate" ]
	# a broken game is reported on stderr and named invalid, and the run goes on
	run -0 --separate-stderr "$T/static" samples/bad_illegal.pgn
	[[ "$output" == *", invalid"* ]]
	[[ "$stderr" == *"samples/bad_illegal.pgn:"*": error: "* ]]
	# worded as the commands word it (xq_problem_describe)
	problem=$stderr
	run -1 --separate-stderr xqcheck samples/bad_illegal.pgn
	[ "xqcheck: $problem" = "${stderr%%$'\n'*}" ]
	run -2 "$T/static" /nonexistent
}

@test "bash completions load and complete every long option each command accepts" {
	run -0 make -s install DESTDIR="$dest" PREFIX=/opt/xq
	dir=$dest/opt/xq/share/bash-completion/completions
	run -0 bash -c ". '$dir/xqconv' && complete -p xqconv"
	[ "$output" = "complete -o filenames -F _xqconv xqconv" ]
	for n in $(commands); do
		want=$(accepted "build/bin/$n")
		[ -n "$want" ] || { echo "$n: no long options found"; return 1; }
		got=$(bash -c ". '$dir/$n'; COMP_WORDS=($n --); COMP_CWORD=1; _$n; printf '%s\n' \"\${COMPREPLY[@]}\"" | sed 's/=$//')
		for o in $want; do
			grep -qx -- "$o" <<<"$got" || { echo "$n: $o not completed"; return 1; }
		done
	done
	# an option that takes a value completes with "=", then file names
	run -0 bash -c ". '$dir/xqconv'; COMP_WORDS=(xqconv --spl); COMP_CWORD=1; _xqconv; echo \"\${COMPREPLY[@]}\""
	[ "$output" = "--split=" ]
	run -0 bash -o pipefail -c "cd samples; . '$dest/opt/xq/share/bash-completion/completions/xqconv'; COMP_WORDS=(xqconv -o games_g); COMP_CWORD=2; _xqconv; printf '%s\\n' \"\${COMPREPLY[@]}\" | sort"
	[ "$output" = "games_gbk.pgn"$'\n'"games_gbk.txt" ]
}

@test "zsh completions load and name every long option each command accepts" {
	command -v zsh >/dev/null || { echo "zsh is not installed: make deps"; return 1; }
	run -0 make -s install DESTDIR="$dest" PREFIX=/opt/xq
	dir=$dest/opt/xq/share/zsh/site-functions
	for n in $(commands); do
		run -0 zsh -fc "fpath=('$dir' \$fpath); autoload -Uz compinit; compinit -u -d '$T/zcompdump'; print -r -- \$_comps[$n]; autoload -Uz +X _$n"
		[ "$output" = "_$n" ] || { echo "$n: $output"; return 1; }
		for o in $(accepted "build/bin/$n"); do
			grep -q -- "'$o[=']" "$dir/_$n" || { echo "_$n: no $o"; return 1; }
		done
	done
}

@test "uninstall removes exactly what install put in place" {
	echo keep >"$dest/mine"
	make -s install DESTDIR="$dest" PREFIX=/opt/xq
	run -0 make -s uninstall DESTDIR="$dest" PREFIX=/opt/xq
	[ "$(find "$dest" ! -type d)" = "$dest/mine" ]
}
