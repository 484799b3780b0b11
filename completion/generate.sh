#!/bin/sh
# completion/generate.sh BIN OUT - bash and zsh completions of every command
# in BIN, written to OUT/bash/CMD and OUT/zsh/_CMD.  The options are read
# from each built command's own --help, so the completions hold exactly
# the options the help lists (tests/cmd/install.bats holds the help
# against what the command accepts).
#
# An option is taken to want a value when the help writes it --name=VALUE
# (or -x, --name=VALUE), an optional one when it writes --name[=VALUE].
set -eu
BIN=$1
OUT=$2
mkdir -p "$OUT/bash" "$OUT/zsh"

# options CMD: one line per option, "NAME KIND" with NAME -x or --name and
# KIND flag, value or optional.
options() {
	"$BIN/$1" --help | awk '
	function add(name, kind) {
		if (!(name in kinds) || kinds[name] == "flag")
			kinds[name] = kind
		if (!(name in order)) { order[name] = ++n; names[n] = name }
	}
	{
		line = $0
		# "-x, --name=VALUE": the short option takes what the long one does
		if (match(line, /^ +-[A-Za-z0-9], --[a-z][a-z0-9-]*(=|\[=)?/)) {
			opt = substr(line, RSTART, RLENGTH)
			sub(/^ +/, "", opt)
			kind = opt ~ /\[=$/ ? "optional" : opt ~ /=$/ ? "value" : "flag"
			add(substr(opt, 1, 2), kind)
		}
		# every "--name" anywhere in the help, usage lines and text alike
		while (match(line, /--[a-z][a-z0-9-]*(=|\[=)?/)) {
			opt = substr(line, RSTART, RLENGTH)
			line = substr(line, RSTART + RLENGTH)
			kind = opt ~ /\[=$/ ? "optional" : opt ~ /=$/ ? "value" : "flag"
			sub(/(=|\[=)$/, "", opt)
			add(opt, kind)
		}
	}
	# short flags bundled in the usage line: [-hjqVv]
	NR <= 8 {
		line = $0
		while (match(line, /\[-[A-Za-z0-9]+\]/)) {
			s = substr(line, RSTART + 2, RLENGTH - 3)
			line = substr(line, RSTART + RLENGTH)
			for (i = 1; i <= length(s); i++)
				add("-" substr(s, i, 1), "flag")
		}
	}
	END { for (i = 1; i <= n; i++) print names[i], kinds[names[i]] }'
}

for path in "$BIN"/xq*; do
	cmd=${path##*/}
	opts=$(options "$cmd")
	[ -n "$opts" ] || { echo "completion: no options in $cmd --help" >&2; exit 1; }
	words=$(echo "$opts" | awk '$1 ~ /^--/ { printf "%s%s ", $1, $2 == "value" ? "=" : "" }')
	shorts=$(echo "$opts" | awk '$1 !~ /^--/ { printf "%s ", $1 }')
	takes=$(echo "$opts" | awk '$2 == "value" { printf "%s%s", sep, $1; sep = "|" }')
	fn=_$cmd
	{
		echo "# bash completion for $cmd, generated from $cmd --help"
		echo "$fn()"
		echo "{"
		echo '	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}'
		echo '	if [ "$cur" = = ] || [ "$prev" = = ]; then'
		echo '		# --name=VALUE: COMP_WORDBREAKS split it at the "="'
		echo '		[ "$cur" = = ] && cur='
		echo '		COMPREPLY=($(compgen -f -- "$cur"))'
		echo '		return'
		echo '	fi'
		if [ -n "$takes" ]; then
			echo '	case $prev in'
			echo "	$takes)"
			echo '		COMPREPLY=($(compgen -f -- "$cur"))'
			echo '		return ;;'
			echo '	esac'
		fi
		echo '	case $cur in'
		echo '	-*)'
		echo "		COMPREPLY=(\$(compgen -W '$words$shorts' -- \"\$cur\"))"
		echo '		case ${COMPREPLY[*]} in'
		echo '		*=) compopt -o nospace 2>/dev/null ;;'
		echo '		esac ;;'
		echo '	*)'
		echo '		COMPREPLY=($(compgen -f -- "$cur")) ;;'
		echo '	esac'
		echo "}"
		echo "complete -o filenames -F $fn $cmd"
	} >"$OUT/bash/$cmd"
	{
		echo "#compdef $cmd"
		echo "# zsh completion for $cmd, generated from $cmd --help"
		echo "_arguments -s -S \\"
		echo "$opts" | awk '
			$1 ~ /^--/ && $2 == "flag"     { printf "\t\x27%s\x27 \\\n", $1 }
			$1 ~ /^--/ && $2 == "value"    { printf "\t\x27%s=[]:value:_files\x27 \\\n", $1 }
			$1 ~ /^--/ && $2 == "optional" { printf "\t\x27%s=-[]::value:\x27 \\\n", $1 }
			$1 !~ /^--/ && $2 == "flag"    { printf "\t\x27%s\x27 \\\n", $1 }
			$1 !~ /^--/ && $2 != "flag"    { printf "\t\x27%s+[]:value:_files\x27 \\\n", $1 }'
		echo "	'*:file:_files'"
	} >"$OUT/zsh/_$cmd"
done
