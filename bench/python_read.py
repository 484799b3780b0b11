"""bench/python_read.py PGN [GAMES_DIR] - games per CPU second from Python:
reading and replaying PGN with the xqtools bindings (the library replays
every move), the same with every main-line move pushed on a Board in
Python, and the cchess library reading the same games when it is
importable (GAMES_DIR: the games one file each, as cchess reads them)."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "python"))
import xqtools as xq  # noqa: E402


def cpu(fn):
    t = time.process_time()
    n = fn()
    return n, time.process_time() - t


def read_only(path):
    n = 0
    for g in xq.read_games(path):
        if g.is_valid:
            n += 1
    return n


def read_moves(path):
    n = 0
    for g in xq.read_games(path):
        n += len(g.mainline_moves()) > 0
    return n


def read_and_push(path):
    n = 0
    for g in xq.read_games(path):
        b = g.board()
        for m in g.mainline_moves():
            b.push(m)
        n += 1
    return n


def row(name, n, s):
    print("%-38s %8d games %8.3f CPU s %10.0f games/s" % (name, n, s, n / s))
    return n / s


path = sys.argv[1]
ours, s = cpu(lambda: read_only(path))
rate = row("xqtools read_games (C replay)", ours, s)
n, s = cpu(lambda: read_moves(path))
row("xqtools read_games + mainline_moves", n, s)
n, s = cpu(lambda: read_and_push(path))
row("xqtools read_games + Board.push", n, s)
try:
    import cchess  # noqa: F401
except ImportError:
    print("cchess: not importable here (pip install cchess where PyPI is "
          "reachable): no peer figure")
    sys.exit(0)
games_dir = sys.argv[2] if len(sys.argv) > 2 else None
# cchess is pure Python: a sample of the games gives its rate
files = sorted(os.path.join(games_dir, f) for f in os.listdir(games_dir))[
    :int(os.environ.get("BENCH_CCHESS_GAMES", "2000"))] if games_dir else []


# cchess reads one game a file: read_from_pgn() in its releases, also
# Game.read_from() (any of its formats) in recent ones
read_one = getattr(cchess, "read_from_pgn", None) or \
    getattr(getattr(cchess, "Game", None), "read_from", None)


def cchess_read():
    n = 0
    for f in files:
        if read_one(f) is not None:
            n += 1
    return n


if read_one is None or not files:
    print("cchess: importable, but no read_from_pgn or Game.read_from "
          "(or no games): no peer figure")
    sys.exit(0)
try:
    n, s = cpu(cchess_read)
except Exception as e:  # an API change or a game cchess cannot read
    print("cchess: importable, but reading failed: %r" % e)
    sys.exit(0)
peer = row("cchess " + read_one.__name__, n, s)
print("ratio: xqtools is %.1fx cchess (goal 20x)" % (rate / peer))
