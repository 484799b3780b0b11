"""xqtools: xiangqi positions, moves and game records over libxq.

A thin layer over the C library (ctypes, no compiler needed): positions
and moves (:class:`Board`, :class:`Move`), every notation the library
speaks, game records in every format it reads and writes
(:func:`read_games`, :func:`write_games`), repetition rulings
(:func:`judge`), ECCO openings (:func:`ecco`) and the built-in search
(:class:`Engine`).

Squares are numbered as libxq numbers them: ``rank * 9 + file``, file 0..8
is ICCS ``a``..``i`` from Red's left, rank 0 is Red's back rank.
"""
from ._lib import formats as _formats
from .board import (Board, Move, square, square_name, square_file,
                    square_rank, RED, BLACK, START_FEN, NOTATIONS,
                    PIECE_NAMES)
from .errors import XqError, FenError, MoveError, IllegalMoveError, \
    AmbiguousMoveError, ReadError, WriteError
from .game import Game, Node, Problem, read_games, write_games
from .engine import Engine, Analysis
from .rules import judge, Judgement, Event, RULES
from .ecco import ecco, ecco_names, Opening

__version__ = "0.1.0"


def formats():
    """The formats the library knows: ``(name, can_read, can_write)``
    tuples, in the order the reader tries them when sniffing."""
    return [(f.name.decode(), bool(f.read), bool(f.write))
            for f in _formats()]


__all__ = ["Board", "Move", "square", "square_name", "square_file",
           "square_rank", "RED", "BLACK", "START_FEN", "NOTATIONS",
           "PIECE_NAMES", "XqError", "FenError", "MoveError",
           "IllegalMoveError", "AmbiguousMoveError", "ReadError",
           "WriteError", "Game", "Node", "Problem", "read_games",
           "write_games", "Engine", "Analysis", "judge", "Judgement",
           "Event", "RULES", "formats", "ecco", "ecco_names", "Opening"]
