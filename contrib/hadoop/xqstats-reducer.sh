#!/bin/sh
# xqstats-reducer.sh - Hadoop Streaming reducer for xqstats (see README.md
# here): adds up the mappers' --partial lines, in whatever
# order the shuffle brings them, and prints what one xqstats run over all
# the files prints.  Arguments go to xqstats --merge (-j, --top, -n).
# Run it as the only reducer (-numReduceTasks 1).
exec "${XQSTATS:-xqstats}" --merge "$@"
