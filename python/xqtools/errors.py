"""Exceptions: each carries the library's error code and, where the library
gives one, the location (a byte offset into a parsed string, or the file,
line, column and ply of a record problem)."""
from ._lib import lib

# enum xq_errcode
EINVAL, EILLEGAL, ENOMEM, EIO, ERANGE, EAMBIG = -1, -2, -3, -4, -5, -6


class XqError(Exception):
    """An error the library reported.

    ``code`` is the library's negative ``XQ_E*`` code, ``code_name`` its
    text (``xq_strerror``); ``offset`` the byte of the offending text when
    a single parse failed (else ``None``); ``problem`` the :class:`Problem`
    behind a reading or writing failure (else ``None``)."""

    def __init__(self, code, message=None, offset=None, problem=None):
        self.code = code
        self.code_name = lib.xq_strerror(code).decode()
        self.offset = offset
        self.problem = problem
        text = message or self.code_name
        if offset is not None:
            text = "%s (at byte %d)" % (text, offset)
        super().__init__(text)


class FenError(XqError, ValueError):
    """A FEN the library refuses."""


class MoveError(XqError, ValueError):
    """Move text that names no move of the position."""


class IllegalMoveError(MoveError):
    """A well-formed move that is not legal in the position."""


class AmbiguousMoveError(MoveError):
    """Move text that fits several legal moves."""


class ReadError(XqError, OSError):
    """A source that cannot be read (I/O, unknown format or encoding)."""


class WriteError(XqError, OSError):
    """A game or an output that cannot be written."""


def move_error(code, message, offset):
    cls = {EILLEGAL: IllegalMoveError, EAMBIG: AmbiguousMoveError}.get(
        code, MoveError)
    return cls(code, message, offset)
