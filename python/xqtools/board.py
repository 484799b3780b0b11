"""Positions and moves: :class:`Board` and :class:`Move`."""
import ctypes

from . import errors
from ._lib import BoardTextOpts, Err, Pos, Undo, lib, libc, xq_move

RED, BLACK = 0, 1
START_FEN = ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
             " w - - 0 1")
#: Notation names the library knows (``xq_notation_name``): "any" only reads.
NOTATIONS = ("iccs", "wxf", "chinese", "uci", "uci10", "any")
#: Piece kinds by ``enum xq_type`` (index 0: no piece).
PIECE_NAMES = (None, "king", "advisor", "elephant", "horse", "chariot",
               "cannon", "pawn")
_STATUS = ("playing", "checkmate", "stalemate")
_NOTE_TRAD, _NOTE_ASCII_DIGITS, _NOTE_BOOK_PAWNS = 1, 2, 4
_FEN_LAX = 1
_BOARD_ASCII, _BOARD_FLIP, _BOARD_COLOR, _BOARD_TRAD, _BOARD_STATUS = (
    1, 2, 4, 8, 16)
_SVG_FLIP, _SVG_TRAD = 1, 2
_MOVE_TEXT_MAX = 32


def square(file, rank):
    """The square of file 0..8 (ICCS a..i) and rank 0..9."""
    if not (0 <= file < 9 and 0 <= rank < 10):
        raise ValueError("no square at file %r, rank %r" % (file, rank))
    return rank * 9 + file


def square_file(sq):
    """File 0..8 of a square."""
    return sq % 9


def square_rank(sq):
    """Rank 0..9 of a square (0: Red's back rank)."""
    return sq // 9


def square_name(sq):
    """ICCS name of a square, e.g. ``"h2"``."""
    return "abcdefghi"[sq % 9] + str(sq // 9)


def notation_code(name):
    """``enum xq_notation`` for a notation name (see :data:`NOTATIONS`)."""
    out = ctypes.c_int()
    if lib.xq_notation_from_name(name.encode(), ctypes.byref(out)) < 0:
        raise ValueError("unknown notation %r (one of %s)"
                         % (name, ", ".join(NOTATIONS)))
    return out.value


def notation_flags(traditional=False, ascii_digits=False, book_pawns=False):
    return ((_NOTE_TRAD if traditional else 0)
            | (_NOTE_ASCII_DIGITS if ascii_digits else 0)
            | (_NOTE_BOOK_PAWNS if book_pawns else 0))


class Move:
    """A move from one square to another; compares and hashes by squares.

    Moves are values, not tied to a position: :meth:`Board.parse_move` reads
    one from text in any notation, :meth:`Board.move_text` writes one."""

    __slots__ = ("from_square", "to_square")

    def __init__(self, from_square, to_square):
        self.from_square = from_square
        self.to_square = to_square

    @classmethod
    def from_iccs(cls, text):
        """A move from coordinates, ranks 0..9: ``"h2e2"`` (also
        ``"H2-E2"``)."""
        t = text.strip().lower().replace("-", "")
        if (len(t) != 4 or t[0] not in "abcdefghi" or t[2] not in "abcdefghi"
                or not t[1].isdigit() or not t[3].isdigit()):
            raise errors.MoveError(errors.EINVAL,
                                   "%r is no ICCS move" % text, 0)
        return cls(square("abcdefghi".index(t[0]), int(t[1])),
                   square("abcdefghi".index(t[2]), int(t[3])))

    from_uci = from_iccs

    @classmethod
    def _from_c(cls, m):
        return cls(_PUBLIC[m >> 8], _PUBLIC[m & 0xff])

    def _c(self):
        return _INTERNAL[self.from_square] << 8 | _INTERNAL[self.to_square]

    def iccs(self):
        """Coordinates, ranks 0..9: ``"h2e2"`` (UCI as Pikafish speaks it)."""
        return square_name(self.from_square) + square_name(self.to_square)

    uci = iccs

    def uci10(self):
        """Coordinates, ranks 1..10 (UCI as Fairy-Stockfish speaks it)."""
        f, t = self.from_square, self.to_square
        return ("abcdefghi"[f % 9] + str(f // 9 + 1)
                + "abcdefghi"[t % 9] + str(t // 9 + 1))

    def __eq__(self, other):
        return (isinstance(other, Move) and self.from_square == other.from_square
                and self.to_square == other.to_square)

    def __hash__(self):
        return self.from_square * 90 + self.to_square

    def __str__(self):
        return self.iccs()

    def __repr__(self):
        return "Move.from_iccs(%r)" % self.iccs()


# A move holds internal board indexes (origin in the high byte); the
# library's own mapping, read once, spares a call per move.
_INTERNAL = [lib.xq_move_make(sq, 0) >> 8 for sq in range(90)]
_PUBLIC = [0] * 256
for _sq, _i in enumerate(_INTERNAL):
    _PUBLIC[_i] = _sq
assert all(lib.xq_move_make(f, t) == _INTERNAL[f] << 8 | _INTERNAL[t]
           for f in (0, 44, 89) for t in range(90))


class Board:
    """A position with the moves that led to it (python-chess's habit).

    ``Board()`` is the start position; ``Board(fen)`` any FEN the library
    accepts (``lax=True``: pieces on points they never reach, as composed
    problems have them).  :meth:`push` and :meth:`pop` play and take back
    moves; :attr:`move_stack` holds them."""

    def __init__(self, fen=START_FEN, lax=False):
        self._pos = Pos()
        self._stack = []  # (Move, Undo) of the moves pushed
        if fen is None or fen == START_FEN:
            lib.xq_pos_start(ctypes.byref(self._pos))
        else:
            self.set_fen(fen, lax)

    def set_fen(self, fen, lax=False):
        """Set the position from a FEN; raises :class:`FenError` (with the
        byte offset of the fault) when the library refuses it."""
        err = Err()
        pos = Pos()
        rc = lib.xq_pos_from_fen(ctypes.byref(pos), fen.encode(),
                                 _FEN_LAX if lax else 0, ctypes.byref(err))
        if rc < 0:
            raise errors.FenError(err.code or rc, err.msg.decode(errors="replace"),
                                  err.offset)
        self._pos = pos
        self._stack = []

    @classmethod
    def _from_pos(cls, pos):
        b = cls.__new__(cls)
        b._pos = Pos()
        ctypes.pointer(b._pos)[0] = pos
        b._stack = []
        return b

    def copy(self):
        """An independent copy, move stack included."""
        b = Board._from_pos(self._pos)
        b._stack = [(m, Undo.from_buffer_copy(u)) for m, u in self._stack]
        return b

    def fen(self):
        """The FEN of the position (letters RNBAKCP)."""
        buf = ctypes.create_string_buffer(96)
        lib.xq_pos_to_fen(ctypes.byref(self._pos), buf, 96)
        return buf.value.decode()

    @property
    def turn(self):
        """The side to move: :data:`RED` (0) or :data:`BLACK` (1)."""
        return self._pos.side

    @property
    def key(self):
        """The Zobrist key of the position (placement and side to move)."""
        return self._pos.key

    @property
    def halfmove_clock(self):
        """Plies since the last capture."""
        return self._pos.halfmove

    @property
    def fullmove_number(self):
        """Starts at 1 and grows after Black's move."""
        return self._pos.fullmove

    @property
    def move_stack(self):
        """The moves pushed since the FEN, oldest first."""
        return [m for m, _ in self._stack]

    def piece_at(self, sq):
        """The FEN letter of the piece on a square (upper case Red), or
        ``None``."""
        c = lib.xq_piece_letter(ctypes.byref(self._pos), sq)
        return c.decode() if c != b"\0" else None

    def king(self, side):
        """The square of a side's king."""
        return lib.xq_king_square(ctypes.byref(self._pos), side)

    @property
    def legal_moves(self):
        """Every legal move, in ICCS order."""
        buf = (xq_move * 128)()
        n = lib.xq_legal_moves(ctypes.byref(self._pos), buf)
        lib.xq_sort_moves(buf, n)
        return [Move._from_c(buf[i]) for i in range(n)]

    def is_legal(self, move):
        """Whether a move is legal here."""
        return bool(lib.xq_is_legal(ctypes.byref(self._pos), move._c()))

    def is_check(self):
        """Whether the side to move is in check (facing kings count)."""
        return bool(lib.xq_in_check(ctypes.byref(self._pos)))

    def status(self):
        """``"playing"``, ``"checkmate"`` or ``"stalemate"`` (both lost for
        the side to move, as xiangqi has it)."""
        return _STATUS[lib.xq_status(ctypes.byref(self._pos))]

    def is_game_over(self):
        """Whether the side to move has no legal move."""
        return self.status() != "playing"

    def push(self, move):
        """Play a legal move; raises :class:`IllegalMoveError` otherwise."""
        m = move._c()
        if not lib.xq_is_legal(ctypes.byref(self._pos), m):
            raise errors.IllegalMoveError(
                errors.EILLEGAL, "%s is not legal in %s" % (move, self.fen()))
        u = Undo()
        lib.xq_make(ctypes.byref(self._pos), m, ctypes.byref(u))
        self._stack.append((move, u))

    def pop(self):
        """Take back the last move pushed and return it."""
        move, u = self._stack.pop()
        lib.xq_unmake(ctypes.byref(self._pos), move._c(), ctypes.byref(u))
        return move

    def peek(self):
        """The last move pushed."""
        return self._stack[-1][0]

    def parse_move(self, text, notation="any"):
        """The legal move text names in a notation (:data:`NOTATIONS`;
        "any" detects it): ICCS ``h2e2``, UCI with ranks 0..9 or 1..10,
        WXF ``C2=5``, Chinese ``炮二平五`` in every dialect the library
        reads.  Raises :class:`MoveError`, :class:`IllegalMoveError` or
        :class:`AmbiguousMoveError` with the library's reason."""
        raw = text.encode()
        out = xq_move()
        err = Err()
        rc = lib.xq_move_parse(ctypes.byref(self._pos), raw, len(raw),
                               notation_code(notation), 0, ctypes.byref(out),
                               ctypes.byref(err))
        if rc < 0:
            raise errors.move_error(rc, err.msg.decode(errors="replace"),
                                    err.offset)
        return Move._from_c(out.value)

    def push_text(self, text, notation="any"):
        """Read a move as :meth:`parse_move` does, play it, return it."""
        move = self.parse_move(text, notation)
        self.push(move)
        return move

    def move_text(self, move, notation="iccs", traditional=False,
                  ascii_digits=False, book_pawns=False):
        """A legal move in a notation ("iccs", "wxf", "chinese", "uci",
        "uci10"); the flags shape Chinese: traditional characters, ASCII
        digits for Black's files, the book form of tandem pawns."""
        buf = ctypes.create_string_buffer(_MOVE_TEXT_MAX)
        rc = lib.xq_move_format(ctypes.byref(self._pos), move._c(),
                                notation_code(notation),
                                notation_flags(traditional, ascii_digits,
                                               book_pawns), buf, _MOVE_TEXT_MAX)
        if rc < 0:
            raise errors.move_error(rc, "cannot write %s in %s here"
                                    % (move, notation), None)
        return buf.value.decode()

    def perft(self, depth):
        """Leaves of the legal-move tree to a depth (engine counting)."""
        return lib.xq_perft(ctypes.byref(self._pos), depth)

    def evaluate(self):
        """The built-in static evaluation, centipawns for the side to move."""
        return lib.xq_evaluate(ctypes.byref(self._pos))

    def _last(self):
        """The last move pushed (C) and the position before it, or
        (0, None)."""
        if not self._stack:
            return 0, None
        move, u = self._stack[-1]
        before = Pos()
        ctypes.pointer(before)[0] = self._pos
        lib.xq_unmake(ctypes.byref(before), move._c(),
                      ctypes.byref(Undo.from_buffer_copy(u)))
        return move._c(), before

    @staticmethod
    def _take_text(rc, buf, size, what):
        if rc < 0:
            raise errors.XqError(rc, "cannot draw the " + what)
        try:
            return ctypes.string_at(buf.value, size.value).decode()
        finally:
            libc.free(buf)

    def diagram(self, ascii=False, flip=False, color=False,
                traditional=False, status=True, notation="chinese",
                ascii_digits=False, book_pawns=False):
        """The board as text, as ``xqshow`` draws it: Chinese pieces on
        box-drawing lines (``ascii=True``: FEN letters on ASCII lines),
        Black at the bottom with ``flip``, ANSI colours with ``color``; the
        last move pushed in brackets.  ``status`` adds the FEN line and
        the side to move with the last move in a notation (Chinese with
        ICCS in brackets for "chinese" and "iccs")."""
        last, before = self._last()
        opts = BoardTextOpts()
        opts.flags = ((_BOARD_ASCII if ascii else 0)
                      | (_BOARD_FLIP if flip else 0)
                      | (_BOARD_COLOR if color else 0)
                      | (_BOARD_TRAD if traditional else 0)
                      | (_BOARD_STATUS if status else 0))
        opts.last = last
        if before is not None:
            opts.before = ctypes.pointer(before)
        opts.notation = notation_code(notation)
        opts.notation_flags = notation_flags(traditional, ascii_digits,
                                             book_pawns)
        buf, size = ctypes.c_void_p(), ctypes.c_size_t()
        rc = lib.xq_board_text(ctypes.byref(self._pos), ctypes.byref(opts),
                               ctypes.byref(buf), ctypes.byref(size))
        return self._take_text(rc, buf, size, "diagram")

    def svg(self, flip=False, traditional=False):
        """The board as an SVG picture (``xqshow --svg``), the last move
        pushed marked."""
        last, _ = self._last()
        buf, size = ctypes.c_void_p(), ctypes.c_size_t()
        rc = lib.xq_board_svg(ctypes.byref(self._pos), last,
                              (_SVG_FLIP if flip else 0)
                              | (_SVG_TRAD if traditional else 0),
                              ctypes.byref(buf), ctypes.byref(size))
        return self._take_text(rc, buf, size, "picture")

    def _history(self):
        """Keys of the positions before this one, oldest first."""
        keys = [u.key for _, u in self._stack]
        return keys

    def __eq__(self, other):
        return (isinstance(other, Board) and self.key == other.key
                and self.fen() == other.fen())

    def __str__(self):
        rows = []
        for rank in range(9, -1, -1):
            rows.append(" ".join(self.piece_at(rank * 9 + f) or "."
                                 for f in range(9)))
        return "\n".join(rows)

    def __repr__(self):
        return "Board(%r)" % self.fen()
