"""ECCO opening classification (codes A00..E99 with their names)."""
import ctypes
from collections import namedtuple

from . import errors
from ._lib import Ecco as _Ecco, lib

Opening = namedtuple("Opening", "code name variation name_trad variation_trad")
Opening.__doc__ = """An ECCO code with its opening and variation names, in
simplified (``name``, ``variation``) and traditional Chinese; ``variation``
is ``""`` when the code has none."""


def _opening(e):
    def s(b):
        return b.decode() if b else ""
    return Opening(e.code.decode(), s(e.opening), s(e.variation),
                   s(e.opening_trad), s(e.variation_trad))


def ecco(game):
    """The ECCO opening of a read game's main line (its first 20 plies, up
    to a bad move), as xqbase's ECCO definitions give it, or ``None`` for
    a game set up from another position than the standard start."""
    out = _Ecco()
    rc = lib.xq_ecco_game(game._g, ctypes.byref(out))
    if rc == -1:  # XQ_EINVAL: not the standard start
        return None
    if rc < 0:
        raise errors.XqError(rc, "ECCO classification failed")
    return _opening(out)


def ecco_names(code):
    """The :class:`Opening` of a code such as ``"C45"``; ``ValueError`` for
    a code with no definition."""
    out = _Ecco()
    if lib.xq_ecco_lookup(code.encode(), ctypes.byref(out)) < 0:
        raise ValueError("no ECCO code %r" % code)
    return _opening(out)
