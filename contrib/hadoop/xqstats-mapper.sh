#!/bin/sh
# xqstats-mapper.sh - Hadoop Streaming mapper for xqstats (see README.md,
# "Across machines").  Its input lines name record files, one a line (as
# NLineInputFormat hands them out: "offset<TAB>path", or just "path"); it
# writes the --partial counts of each file.  Arguments go to xqstats
# (--depth, --from); XQ_CAT (default "hdfs dfs -cat") reads a path and
# XQSTATS (default "xqstats") names the command.
set -u
cat_cmd=${XQ_CAT:-hdfs dfs -cat}
xqstats=${XQSTATS:-xqstats}
tab=$(printf '\t')
while IFS= read -r line; do
	path=${line##*"$tab"}
	[ -n "$path" ] || continue
	# shellcheck disable=SC2086
	$cat_cmd "$path" | "$xqstats" --partial -q "$@"
	# 1: some game invalid (reported, counted); 2: trouble
	[ $? -le 1 ] || exit 2
done
exit 0
