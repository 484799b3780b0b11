#!/usr/bin/env bats
# tests/words.sh, the check that the tree speaks of the product alone: it
# passes on a clean copy of the tree and fails when a word of how the work
# was organised, or a commit hash of this repository, is planted in one.
bats_require_minimum_version 1.5.0

setup() {
	ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	T=$BATS_TEST_TMPDIR
	copy=$T/tree
	mkdir "$copy"
	(cd "$ROOT" && git ls-files -z 2>/dev/null || find . -path ./build -prune -o -type f -print0) |
		(cd "$ROOT" && xargs -0 cp --parents -t "$copy")
	# README.md is read too; the copy gets one that says nothing else
	printf '# xqtools\n\nCommands for xiangqi game records.\n' >"$copy/README.md"
	export GIT_DIR
	GIT_DIR=$(cd "$ROOT" && git rev-parse --absolute-git-dir)
}

@test "a clean tree passes, words like --merge, stop (UCI) and helper functions included" {
	printf '/* a helper that stops the search; the merged output of --merge */\n' >>"$copy/lib/game.c"
	run -0 sh "$ROOT/tests/words.sh" "$copy"
	[[ "${lines[1]}" == "ok 1 - no words of how the work was organised in "*" files" ]]
	[ "${lines[2]}" = "ok 2 - no commit hash of this repository" ]
}

@test "a numbered work item planted in a comment fails the check, naming the line" {
	word="st""op 7"
	printf '/* measured in %s */\n' "$word" >>"$copy/lib/game.c"
	n=$(wc -l <"$copy/lib/game.c")
	run -1 sh "$ROOT/tests/words.sh" "$copy"
	[ "${lines[1]}" = "not ok 1 - words of how the work was organised: 1 lines" ]
	[ "${lines[2]}" = "# lib/game.c:$n:/* measured in $word */" ]
}

@test "other planted words fail it too: a numbered issue, a merge, a development path" {
	for w in "is""sue 24" "mer""ged into main" "/wo""rk/shared" "the is""sue's size" "wo""rktree"; do
		cp "$ROOT/man/xqconv.1" "$copy/man/xqconv.1"
		printf '.\\" %s\n' "$w" >>"$copy/man/xqconv.1"
		run -1 sh "$ROOT/tests/words.sh" "$copy"
		[[ "${lines[1]}" == "not ok 1 "* ]] || { echo "not found: $w"; return 1; }
	done
}

@test "a commit hash of this repository planted in a man page fails the check" {
	hash=$(git rev-parse --short=9 HEAD)
	printf 'Measured on %s.\n' "$hash" >>"$copy/man/xqcheck.1"
	run -1 sh "$ROOT/tests/words.sh" "$copy"
	[ "${lines[1]}" = "ok 1 - no words of how the work was organised in ${lines[1]##* in }" ]
	[ "${lines[2]}" = "not ok 2 - commit hashes of this repository:" ]
	[[ "${lines[3]}" == "# man/xqcheck.1:"*":Measured on $hash." ]]
}

@test "hex that is no commit (a Zobrist key) passes" {
	printf '/* key 0x%s */\n' 0123456789abcdef >>"$copy/lib/pos.c"
	run -0 sh "$ROOT/tests/words.sh" "$copy"
}
