#!/bin/sh
# tests/symbols.sh LIB - every external symbol libxq.a defines starts with
# xq_ (xq__ for the ones internal to the library), so that the library can
# be linked into any program without clashing names.  TAP lines.
lib=${1:-build/libxq.a}
if ! command -v nm >/dev/null 2>&1; then
	echo "not ok 1 - nm is not installed"
	exit 1
fi
bad=$(nm -g --defined-only "$lib" | awk 'NF == 3 && $3 !~ /^xq_/ { print $3 }' | sort -u)
total=$(nm -g --defined-only "$lib" | awk 'NF == 3' | sort -u | wc -l)
if [ -z "$bad" ]; then
	echo "ok 1 - all $total external symbols of $lib start with xq_"
else
	echo "not ok 1 - $(echo "$bad" | wc -l) of $total external symbols do not start with xq_"
	echo "$bad" | sed 's/^/# /'
fi
echo "1..1"
[ -z "$bad" ]
