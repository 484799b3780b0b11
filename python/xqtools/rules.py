"""Repetition rulings and the natural move limit: :func:`judge`."""
import ctypes

from . import errors
from ._lib import GAME_EVENT_FN, GameVerdict, JudgeOpts, lib
from .board import Move

#: Rule sets the library knows.
RULES = ("cxa", "axf", "1956")
_KINDS = {1: "repetition", 2: "limit", 3: "limit-mate", 4: "claim"}
# label flag bits and their names, in the order xqjudge -j writes them
_LABELS = ((1 << 0, "check"), (1 << 1, "mate-threat"),
           (1 << 2, "mate-threat-unknown"), (1 << 10, "win-by-check"),
           (1 << 3, "chase"), (1 << 4, "idle"), (1 << 5, "exchange"),
           (1 << 6, "offer"), (1 << 7, "block"), (1 << 8, "follow"),
           (1 << 9, "king-or-pawn-attack"), (1 << 11, "joint-chase"),
           (1 << 12, "capture-allows-mate"))
_GAME_BAD_FEN = 1 << 4


class Event:
    """A ruling or natural-limit event at a ply of the main line.

    ``kind``: "repetition", "limit", "limit-mate", "claim".  Repetition:
    ``rules``, ``first`` (the span is plies first..ply), ``occurrences``,
    ``cycle``, ``verdict`` ("draw", "red-loses", "black-loses"),
    ``classes`` (per side: "allowed", "perpetual-check", ...), ``rule``
    (cited, UTF-8), ``review`` (why it needs review, or ""), ``labels``
    (per move: ply, move, side, the label names, the chased squares).
    Limit events: ``plies`` without capture, ``may_claim`` per side,
    ``mated`` (limit-mate), ``claimant`` (claim)."""

    def __init__(self, ev):
        self.kind = _KINDS.get(ev.kind, str(ev.kind))
        self.ply = ev.ply
        if ev.kind == 1:
            self.rules = lib.xq_rules_name(ev.rules).decode()
            self.first = ev.first
            self.occurrences = ev.occurrences
            self.cycle = ev.cycle
            self.verdict = lib.xq_verdict_name(ev.verdict).decode()
            self.classes = tuple(lib.xq_class_name(c).decode()
                                 for c in ev.cls)
            self.rule = ev.rule.decode()
            self.review = ev.review.decode()
            self.labels = []
            for i in range(ev.nlabels):
                lab = ev.labels[i]
                self.labels.append({
                    "ply": lab.ply, "move": Move._from_c(lab.move),
                    "side": lab.side,
                    "labels": [n for bit, n in _LABELS if lab.flags & bit],
                    "chased": [lab.chased[k].sq
                               for k in range(lab.nchased)]})
        else:
            self.plies = ev.plies
            self.unseen = ev.unseen
            self.may_claim = (bool(ev.may_claim[0]), bool(ev.may_claim[1]))
            self.mated = ev.mated
            self.claimant = ev.claimant
        self._verdict = ev.verdict if ev.kind == 1 else None

    def __repr__(self):
        return "<Event %s at ply %d>" % (self.kind, self.ply)


class Judgement:
    """The events of a game's main line and the ``verdict`` at its end:
    "none", "draw", "red-loses" or "black-loses"."""

    def __init__(self, verdict, events):
        self.verdict = verdict
        self.events = events

    def __repr__(self):
        return "<Judgement %s, %d events>" % (self.verdict, len(self.events))


def judge(game, rules="axf", fold=0, limit=0):
    """Judge a replayed game's main line under a rule set (:data:`RULES`):
    repetition rulings (``fold`` occurrences, 0: 3) and the natural limit
    (``limit`` plies, 0: 120).  The verdict is the library's
    (``xq_game_judge``), the one xqjudge gives: the last event of the final
    stretch without capture."""
    code = ctypes.c_int()
    if lib.xq_rules_from_name(rules.encode(), ctypes.byref(code)) < 0:
        raise ValueError("unknown rules %r (one of %s)"
                         % (rules, ", ".join(RULES)))
    if not game.is_replayed or game._g.contents.flags & _GAME_BAD_FEN:
        raise ValueError("judge wants a replayed game with a start position")
    opts = JudgeOpts(code.value, fold, limit, 0, 0, 0)
    err = ctypes.c_int()
    j = lib.xq_judge_new(ctypes.byref(opts), ctypes.byref(err))
    if not j:
        raise errors.XqError(err.value, "judge options out of range")
    events = []

    def each(data, e):
        if e.contents.mainline:
            events.append(Event(e.contents.ev.contents))

    fn = GAME_EVENT_FN(each)
    res = GameVerdict()
    try:
        rc = lib.xq_game_judge(j, game._g, 0, fn, None, ctypes.byref(res))
        if rc < 0:
            raise errors.XqError(rc, "judging failed")
    finally:
        lib.xq_judge_free(j)
    return Judgement(lib.xq_verdict_name(res.verdict).decode(), events)
