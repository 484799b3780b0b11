#!/bin/sh
# xqstats-mapper.sh - Hadoop Streaming mapper for xqstats (see README.md
# here).  Its input lines name record files, one a line (as NLineInputFormat
# hands them out: "offset<TAB>path", or just "path"), or byte ranges of one
# big file on a file system every node sees ("K/N path": the games that
# begin in the K-th of N ranges); it writes the --partial counts of each.
# Arguments go to xqstats (--depth, --from); XQ_CAT (default "hdfs dfs
# -cat") reads a path and XQSTATS (default "xqstats") names the command.
set -u
cat_cmd=${XQ_CAT:-hdfs dfs -cat}
xqstats=${XQSTATS:-xqstats}
tab=$(printf '\t')
while IFS= read -r line; do
	path=${line##*"$tab"}
	[ -n "$path" ] || continue
	case $path in
	[0-9]*/[0-9]*" "*)
		"$xqstats" --partial -q --range "${path%% *}" "$@" "${path#* }" ;;
	*)
		# shellcheck disable=SC2086
		$cat_cmd "$path" | "$xqstats" --partial -q "$@" ;;
	esac
	# 1: some game invalid (reported, counted); 2: trouble
	[ $? -le 1 ] || exit 2
done
exit 0
