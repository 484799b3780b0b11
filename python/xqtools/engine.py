"""The built-in search: :class:`Engine`."""
import ctypes

from . import errors
from ._lib import INFO_FN, SearchInfo, SearchLimits, lib, xq_move
from .board import Move

SCORE_MATE = 30000


class Analysis:
    """What a search found: ``score`` (centipawns for the side to move),
    ``mate`` (plies to mate, negative when mated; None), ``depth``,
    ``seldepth``, ``nodes``, ``time`` (seconds), ``pv`` (moves) and
    ``best`` (the first move, None with no legal move)."""

    __slots__ = ("score", "mate", "depth", "seldepth", "nodes", "time",
                 "pv", "best")

    def __init__(self, info):
        self.score = info.score
        s = info.score
        self.mate = None
        if s > SCORE_MATE - 1000:
            self.mate = SCORE_MATE - s
        elif s < -(SCORE_MATE - 1000):
            self.mate = -(SCORE_MATE + s)
        self.depth = info.depth
        self.seldepth = info.seldepth
        self.nodes = info.nodes
        self.time = info.time_ms / 1000.0
        self.pv = [Move._from_c(info.pv[i]) for i in range(info.npv)]
        self.best = self.pv[0] if self.pv else None

    def __repr__(self):
        return "<Analysis depth %d score %d best %s>" % (
            self.depth, self.score, self.best)


class Engine:
    """The library's alpha-beta search with its transposition table
    (``hash_mb`` MiB).  Deterministic for a depth or node limit with one
    thread.  Close it (or use ``with``) to free the table at once."""

    def __init__(self, hash_mb=16, threads=1):
        self._s = lib.xq_search_new(hash_mb)
        if not self._s:
            raise MemoryError("no room for a %d MiB table" % hash_mb)
        self.threads = threads

    def close(self):
        s, self._s = getattr(self, "_s", None), None
        if s:
            lib.xq_search_free(s)

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def clear(self):
        """Forget the table and history (a new game)."""
        lib.xq_search_clear(self._s)

    def stop(self):
        """Ask a search running in another thread to stop soon."""
        if self._s is not None:
            lib.xq_search_stop(self._s)

    def analyse(self, board, depth=None, nodes=None, movetime=None,
                moves=None, info=None):
        """Search a board's position; the positions before it on the board's
        move stack count for repetitions.  Limits: ``depth`` (plies),
        ``nodes``, ``movetime`` (seconds); at least one.  ``moves``: search
        only these root moves.  ``info``: called with an :class:`Analysis`
        after each completed iteration.  The search runs without the GIL."""
        if not (depth or nodes or movetime):
            raise ValueError("analyse needs a depth, nodes or movetime limit")
        if self._s is None:
            raise ValueError("the engine is closed")
        lim = SearchLimits()
        lim.depth = depth or 0
        lim.nodes = nodes or 0
        lim.movetime_ms = int((movetime or 0) * 1000)
        lim.threads = self.threads
        keep = None
        if moves:
            keep = (xq_move * len(moves))(*[m._c() for m in moves])
            lim.searchmoves = keep
            lim.nsearchmoves = len(moves)
        hist = board._history()
        harr = (ctypes.c_uint64 * max(1, len(hist)))(*hist)
        out = SearchInfo()
        cb = INFO_FN(lambda data, i: info(Analysis(i.contents))) if info \
            else INFO_FN()
        rc = lib.xq_search_run(self._s, ctypes.byref(board._pos), harr,
                               len(hist), ctypes.byref(lim), cb, None,
                               ctypes.byref(out))
        if rc < 0:
            raise errors.XqError(rc, "search failed")
        return Analysis(out)

    analyze = analyse
