#!/bin/sh
# tests/layout.sh LIB - two rules of the library's layout, read off the
# objects of libxq.a with nm (so comments and names in strings do not
# count): the formats' readers and writers only build and write, they
# never call the legality or move-making code (replay is the one
# validator); and iconv is called from lib/encoding.c alone.  TAP lines.
lib=${1:-build/libxq.a}
if ! command -v nm >/dev/null 2>&1; then
	echo "not ok 1 - nm is not installed"
	exit 1
fi
status=0
# object NAME.o: the undefined symbols it uses
formats=$(for f in formats/*.c; do basename "$f" .c; done)
calls=$(nm -A "$lib" 2>/dev/null | awk '$(NF - 1) == "U" { n = $1; sub(/:$/, "", n); sub(/.*:/, "", n); print n, $NF }')
bad=""
for f in $formats; do
	bad="$bad$(echo "$calls" | awk -v o="$f.o" '$1 == o && $2 ~ /^xq_(is_legal|make|unmake|legal_moves|status)$/ { print "formats/" o ": " $2 }')"
done
if [ -z "$bad" ]; then
	echo "ok 1 - no object of formats/ calls the legality or make functions"
else
	echo "not ok 1 - formats/ calls the legality or make functions"
	echo "$bad" | sed 's/^/# /'
	status=1
fi
bad=$(echo "$calls" | awk '$2 ~ /^(iconv|iconv_open|iconv_close)$/ && $1 != "encoding.o" { print $1 ": " $2 }')
users=$(echo "$calls" | awk '$2 ~ /^iconv/ { print $1 }' | sort -u | tr '\n' ' ')
if [ -z "$bad" ] && [ "$users" = "encoding.o " ]; then
	echo "ok 2 - iconv is called from encoding.o only"
else
	echo "not ok 2 - iconv is called from: $users"
	echo "$bad" | sed 's/^/# /'
	status=1
fi
echo "1..2"
exit $status
