#!/bin/sh
# tests/layout.sh LIB - rules of the library's layout.  Two are read off
# the objects of libxq.a with nm (so comments and names in strings do not
# count): the formats' readers and writers only build and write, they
# never call the legality or move-making code (replay is the one
# validator); and iconv is called from lib/encoding.c alone.  Two are read
# off the compiler's dependency files (-MMD) beside LIB's objects: the
# include graph has no cycle, and no file of lib/ includes one of
# formats/.  And docs/layout.md names every source.  TAP lines.
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

# The include graph between modules: a module is a source and its headers
# (dir/NAME.c, NAME.h, NAME_impl.h), an arrow goes from a source's module
# to the module of each header it includes (the dependency files list
# them all, directly or not: a cycle of includes is a cycle here too).
# Dependency files whose source is gone (a moved file) are left out.
deps=$(find "$(dirname "$lib")/obj" -name '*.d' 2>/dev/null | sort)
edges=$(for d in $deps; do
	sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' "$d" | sed -n '1s/^[^:]*://p'
done | awk '
	function norm(p,   n, i, out, k, part) {
		n = split(p, part, "/"); k = 0
		for (i = 1; i <= n; i++) {
			if (part[i] == "." || part[i] == "") continue
			if (part[i] == ".." && k > 0 && out[k] != "..") { k--; continue }
			out[++k] = part[i]
		}
		p = out[1]
		for (i = 2; i <= k; i++) p = p "/" out[i]
		return p
	}
	function module(p) { p = norm(p); sub(/\.[ch]$/, "", p); sub(/_impl$/, "", p); return p }
	{
		if (system("test -f " $1) != 0) next
		from = module($1)
		for (i = 2; i <= NF; i++)
			if (module($i) != from) print from, module($i), norm($1), norm($i)
	}' | sort -u)
if [ -z "$deps" ] || [ -z "$edges" ]; then
	echo "not ok 3 - no dependency files under $(dirname "$lib")/obj (build first)"
	echo "not ok 4 - no dependency files under $(dirname "$lib")/obj (build first)"
	status=1
else
	loop=$(echo "$edges" | awk '{ print $1, $2 }' | sort -u | tsort 2>&1 >/dev/null)
	if [ -z "$loop" ]; then
		echo "ok 3 - the include graph of $(echo "$deps" | wc -l) sources has no cycle"
	else
		echo "not ok 3 - the include graph has a cycle"
		echo "$loop" | sed 's/^/# /'
		status=1
	fi
	bad=$(echo "$edges" | awk '$1 ~ /^lib\// && $2 ~ /^formats\// { print $3 " includes " $4 }')
	if [ -z "$bad" ]; then
		echo "ok 4 - no file of lib/ includes one of formats/"
	else
		echo "not ok 4 - lib/ includes formats/"
		echo "$bad" | sed 's/^/# /'
		status=1
	fi
fi

# docs/layout.md names every file of lib/, formats/ and cmd/ (a header
# goes with its source of the same name; cmd/xq*.c are the commands' line)
missing=$(for f in lib/*.[ch] formats/*.[ch] cmd/*.[ch]; do
	case $f in
	*.h) [ -f "${f%.h}.c" ] && continue ;;
	cmd/xq*.c) continue ;;
	esac
	grep -q "^    $f " docs/layout.md || echo "$f"
done)
if [ -z "$missing" ]; then
	echo "ok 5 - docs/layout.md names every source"
else
	echo "not ok 5 - docs/layout.md does not name:"
	echo "$missing" | sed 's/^/# /'
	status=1
fi
echo "1..5"
exit $status
