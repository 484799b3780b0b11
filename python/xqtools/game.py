"""Game records: :func:`read_games`, :func:`write_games`, :class:`Game`."""
import collections.abc
import ctypes
import io
import os
import tempfile

from . import errors
from ._lib import (GAME_P, NODE_P, PROBLEM_FN, Err, ReaderOpts, WriterOpts,
                   lib, libc)
from .board import Board, Move, notation_code, notation_flags

# enum xq_node_flags, xq_game_flags, xq_severity, xq_read_flags, xq_write_flags
_NODE_BAD, _NODE_AT_BYTE, _NODE_PLAYED, _NODE_CHECK, _NODE_CAPTURE = 1, 2, 4, 8, 16
_GAME_SETUP, _GAME_REPLAYED, _GAME_BROKEN, _GAME_TRUNCATED = 1, 2, 4, 8
_SEV_FATAL = 3
_READ_NO_REPLAY, _READ_LAX_FEN = 1, 2
_W_CRLF, _W_BOM, _W_NO_COMMENTS, _W_NO_VARIATIONS = 1, 2, 4, 8
_W_TRAD, _W_SIMP, _W_KEEP_SCRIPT = 16, 32, 64


def _s(b):
    return None if b is None else b.decode("utf-8", errors="surrogateescape")


# control characters as the commands' diagnostics show them
_CONTROL = {c: "\\x%02x" % c for c in list(range(32)) + [127]}


class Problem:
    """A problem a reader, replay or writer reported: ``severity`` ("note",
    "warning", "error", "fatal"), ``code`` (its name, e.g.
    "illegal-move"), ``code_number`` (``enum xq_problem_code``), ``file``,
    ``game`` (1-based index, 0 outside a game), ``line`` and ``column``
    (1-based, 0 unknown), ``byte`` (offset in a binary source, or None),
    ``ply`` (0 none), ``text`` (as written, or None) and ``message``;
    ``str()`` gives the line the commands print for it, without the
    command's name (whole: the commands cut a message past 4,095 bytes)."""

    __slots__ = ("severity", "code", "code_number", "file", "game", "line",
                 "column", "byte", "ply", "text", "message", "_described")

    def __init__(self, p):
        self.severity = lib.xq_severity_name(p.severity).decode()
        self.code = lib.xq_problem_name(p.code).decode()
        self.code_number = p.code
        self.file = _s(p.file)
        self.game = p.game
        self.line = p.line
        self.column = p.col
        self.byte = p.byte if p.has_byte else None
        self.ply = p.ply
        self.text = _s(p.text)
        self.message = _s(p.msg)
        # the library's wording of game, ply, text, byte and message
        n = lib.xq_problem_describe(None, 0, p)
        buf = ctypes.create_string_buffer(n + 1)
        lib.xq_problem_describe(buf, n + 1, p)
        self._described = _s(buf.value)

    def __str__(self):
        where = (self.file or "<stdin>") + ":"
        if self.line:
            where += "%d:" % self.line
            if self.column:
                where += "%d:" % self.column
        return ("%s %s: %s" % (where, self.severity, self._described)
                ).translate(_CONTROL)

    def __repr__(self):
        return "<Problem %s %s>" % (self.code, self)


class _Collector:
    """A problem callback that keeps the problems as Python objects."""

    def __init__(self):
        self.problems = []
        self.callback = PROBLEM_FN(self._called)

    def _called(self, data, p):
        self.problems.append(Problem(p.contents))

    def take(self):
        out, self.problems = self.problems, []
        return out


class Node:
    """A move of a game's tree (or the root, which has no move).

    ``variations[0]`` is the main continuation, the others the moves that
    replace it, in the order written.  A node keeps its game alive."""

    __slots__ = ("_game", "_p")

    def __init__(self, game, p):
        self._game = game
        self._p = p

    @property
    def _n(self):
        return self._p.contents

    def __eq__(self, other):
        return (isinstance(other, Node) and ctypes.addressof(self._n)
                == ctypes.addressof(other._n))

    def __hash__(self):
        return ctypes.addressof(self._n)

    @property
    def game(self):
        return self._game

    @property
    def move(self):
        """The move (after replay), or None: the root, or a bad move."""
        m = self._n.move
        return Move._from_c(m) if m else None

    @property
    def text(self):
        """The move as written in the source, or None."""
        return _s(self._n.text)

    @property
    def comment(self):
        """The comment after the move (the root's: before the first move)."""
        return _s(self._n.comment)

    @property
    def starting_comment(self):
        """The comment written before the move, or None."""
        return _s(self._n.comment_before)

    @property
    def nags(self):
        """The NAG numbers, in the order written (1 ``!``, 2 ``?``, ...)."""
        n = self._n
        return list(n.nags[:n.nnags])

    @property
    def line(self):
        """1-based line of the move in a text source (0 unknown)."""
        return self._n.line

    @property
    def column(self):
        return self._n.col

    @property
    def byte(self):
        """Offset of the move's record in a binary source, or None."""
        n = self._n
        return n.byte if n.flags & _NODE_AT_BYTE else None

    @property
    def is_bad(self):
        """Replay could not play this move (it stays, unresolved)."""
        return bool(self._n.flags & _NODE_BAD)

    @property
    def gives_check(self):
        return bool(self._n.flags & _NODE_CHECK)

    @property
    def is_capture(self):
        return bool(self._n.flags & _NODE_CAPTURE)

    @property
    def key(self):
        """Zobrist key of the position after the move, once replayed."""
        n = self._n
        return n.key if n.flags & _NODE_PLAYED else None

    @property
    def parent(self):
        p = self._n.parent
        return Node(self._game, p) if p else None

    @property
    def variations(self):
        """The continuations: the main one first, then the alternatives."""
        out = []
        c = self._n.child
        while c:
            out.append(Node(self._game, c))
            c = c.contents.next
        return out

    def next(self):
        """The main continuation, or None at the end of the line."""
        c = self._n.child
        return Node(self._game, c) if c else None

    def is_mainline(self):
        """Whether the node lies on the game's main line."""
        n = self._p
        while n.contents.parent:
            par = n.contents.parent
            if ctypes.addressof(par.contents.child.contents) != \
                    ctypes.addressof(n.contents):
                return False
            n = par
        return True

    def path(self):
        """The nodes from the first move down to this one."""
        out = []
        n = self
        while n._n.parent:
            out.append(n)
            n = n.parent
        out.reverse()
        return out

    def ply(self):
        """1-based ply of the move (0: the root)."""
        return len(self.path())

    def mainline(self):
        """The nodes of the main continuation below this one."""
        out = []
        c = self._n.child
        while c:
            out.append(Node(self._game, c))
            c = c.contents.child
        return out

    def board(self):
        """The position after this move (the root: the start position)."""
        b = self._game.board()
        for n in self.path():
            m = n.move
            if m is None:
                raise errors.IllegalMoveError(
                    errors.EILLEGAL, "the line has a bad move at ply %d"
                    % n.ply())
            b.push(m)
        return b

    def add_variation(self, move, text=None):
        """Append a continuation (the first one is the main line); replay
        the game (:meth:`Game.replay`) before writing it."""
        raw = text.encode() if text is not None else None
        p = lib.xq_node_add(self._game._g, self._p, move._c() if move else 0,
                            raw, len(raw) if raw else 0)
        if not p:
            raise MemoryError
        return Node(self._game, p)

    def add_comment(self, text, before=False):
        """Add a comment after the move (before it with ``before``)."""
        raw = text.encode()
        if lib.xq_node_comment(self._game._g, self._p, int(before), raw,
                               len(raw)) < 0:
            raise MemoryError

    def add_nag(self, nag):
        """Add a NAG (1..255); the library keeps at most six."""
        rc = lib.xq_node_add_nag(self._p, nag)
        if rc < 0:
            raise errors.XqError(rc, "no room for NAG %d" % nag)

    def __repr__(self):
        m = self.move
        return "<Node %s>" % (m.iccs() if m else self.text or "root")


class Tags(collections.abc.MutableMapping):
    """A game's tags, in order; names match ASCII case-insensitively and
    a repeated tag reads as its first value (``items()`` gives all)."""

    def __init__(self, game):
        self._game = game

    def _pairs(self):
        t = self._game._g.contents.tags
        while t:
            yield _s(t.contents.name), _s(t.contents.value)
            t = t.contents.next

    def __getitem__(self, name):
        for k, v in self._pairs():
            if k.lower() == name.lower():
                return v
        raise KeyError(name)

    def __setitem__(self, name, value):
        if lib.xq_game_set_tag(self._game._g, name.encode(),
                               value.encode()) < 0:
            raise MemoryError

    def __delitem__(self, name):
        self[name]
        lib.xq_game_del_tag(self._game._g, name.encode())

    def __iter__(self):
        return (k for k, _ in self._pairs())

    def __len__(self):
        return sum(1 for _ in self._pairs())

    def items(self):
        return list(self._pairs())

    def __repr__(self):
        return "Tags(%r)" % self.items()


class Game:
    """A game record; its C memory is freed with the object.

    From :func:`read_games`, or built: ``Game()`` (or ``Game(fen)``), moves
    added with :meth:`Node.add_variation` on :attr:`root`, then
    :meth:`replay` before :func:`write_games`."""

    def __init__(self, fen=None, _ptr=None):
        if _ptr is None:
            _ptr = lib.xq_game_new()
            if not _ptr:
                raise MemoryError
        self._g = _ptr
        self.problems = []  # Problem objects reported for this game
        self.format = None
        self.encoding = None
        if fen is not None:
            err = Err()
            if lib.xq_game_set_fen(self._g, fen.encode(), 0,
                                   ctypes.byref(err)) < 0:
                raise errors.FenError(err.code, _s(err.msg), err.offset)

    def __del__(self):
        g, self._g = getattr(self, "_g", None), None
        if g:
            lib.xq_game_free(g)

    @property
    def tags(self):
        return Tags(self)

    @property
    def root(self):
        """The node standing for the start position."""
        g = self._g.contents
        return Node(self, ctypes.pointer(g.root))

    def board(self):
        """The start position."""
        return Board._from_pos(self._g.contents.start)

    def end(self):
        """The position at the end of the main line (up to a bad move)."""
        b = self.board()
        for n in self.mainline():
            if n.move is None:
                break
            b.push(n.move)
        return b

    @property
    def start_fen(self):
        return _s(self._g.contents.start_fen)

    def mainline(self):
        """The nodes of the main line."""
        return self.root.mainline()

    def mainline_moves(self):
        """The moves of the main line, up to the first bad one."""
        out = []
        c = self._g.contents.root.child
        while c:
            m = c.contents.move
            if not m:
                break
            out.append(Move._from_c(m))
            c = c.contents.child
        return out

    @property
    def plies(self):
        """Plies of the main line (up to the first bad move once replayed)."""
        return lib.xq_game_plies(self._g)

    @property
    def result(self):
        """"1-0", "0-1", "1/2-1/2", "*", or None."""
        return _s(self._g.contents.result)

    @property
    def index(self):
        """1-based number of the game in its source."""
        return self._g.contents.index

    @property
    def line(self):
        """First line of the game in its source."""
        return self._g.contents.line

    @property
    def notation(self):
        """The movetext notation replay found ("iccs", "wxf", ...)."""
        return lib.xq_notation_name(self._g.contents.notation).decode()

    @property
    def errors(self):
        return self._g.contents.errors

    @property
    def warnings(self):
        return self._g.contents.warnings

    @property
    def is_valid(self):
        """No problem of severity error (an illegal move, a bad FEN...)."""
        return not (self._g.contents.flags & _GAME_BROKEN)

    @property
    def is_truncated(self):
        return bool(self._g.contents.flags & _GAME_TRUNCATED)

    @property
    def is_replayed(self):
        return bool(self._g.contents.flags & _GAME_REPLAYED)

    def replay(self, name=None):
        """Check every move (the library's one validator) and resolve move
        text; the problems found are added to :attr:`problems` and
        returned.  Returns them; ``is_valid`` says whether any was an
        error."""
        c = _Collector()
        lib.xq_game_replay(self._g, name.encode() if name else None,
                           c.callback, None)
        found = c.take()
        self.problems.extend(found)
        return found

    def file_name(self, template="%06n-%{Red}-%{Black}", number=None):
        """A file name (without extension) for this game, as ``xqconv -d
        --name`` makes it: %n the number (``number``, default
        :attr:`index`; %06n zero-padded), %{Tag} any tag, %% a '%'; unsafe
        characters as '_', empty fields dropped with their separator.  A
        malformed template raises :class:`XqError` with the offset of the
        bad field."""
        t = template.encode()
        bad = ctypes.c_size_t(0)
        rc = lib.xq_game_name_check(t, ctypes.byref(bad))
        if rc < 0:
            raise errors.XqError(rc, "bad file name template", offset=bad.value)
        buf = ctypes.create_string_buffer(201)   # xqconv -d: 200 bytes at most
        rc = lib.xq_game_format_name(t, self._g, self.index if number is None else number,
                                     buf, len(buf))
        if rc < 0:
            raise errors.XqError(rc)
        return buf.value.decode("utf-8")

    def __repr__(self):
        t = self.tags
        return "<Game %d %s-%s %s, %d plies>" % (
            self.index, t.get("Red", "?"), t.get("Black", "?"),
            self.result or "*", self.plies)


def _seekable_fd(f):
    """The descriptor of a binary file object that can seek, set to the
    object's position (its read-ahead dropped), or None."""
    try:
        if isinstance(f, io.TextIOBase) or not f.seekable():
            return None
        fd = f.fileno()
        pos = f.tell()
        f.seek(pos)
        os.lseek(fd, pos, os.SEEK_SET)
        return fd
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None


def _source(source):
    """(FILE* or None, bytes or None, name) for a path, bytes or file."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return None, bytes(source), "<bytes>"
    if isinstance(source, (str, os.PathLike)):
        path = os.fsencode(source)
        fp = libc.fopen(path, b"rb")
        if not fp:
            e = ctypes.get_errno()
            raise errors.ReadError(errors.EIO, "%s: %s"
                                   % (os.fsdecode(path), os.strerror(e)))
        return fp, None, os.fsdecode(path)
    fd = _seekable_fd(source)
    if fd is not None:
        # the reader reads the file itself, one game at a time, from
        # where the file object stands
        fp = libc.fdopen(os.dup(fd), b"rb")
        if fp:
            return fp, None, str(getattr(source, "name", "<stream>"))
    data = source.read()
    if isinstance(data, str):
        raise TypeError("read_games wants a binary file (open(path, 'rb'))")
    return None, data, str(getattr(source, "name", "<stream>"))


def _share(found, game, problems):
    """The problems that name the game just read (None: none was); the
    rest go to the caller's list."""
    mine = []
    for p in found:
        if game is not None and p.game == game.index:
            mine.append(p)
        elif problems is not None:
            problems.append(p)
    return mine


def read_games(source, format=None, encoding=None, name=None, replay=True,
               lax_fen=False, problems=None):
    """Iterate over the games of a source, one :class:`Game` at a time.

    ``source``: a path, bytes, or a binary file object (one that can seek
    is read by the library from where it stands, the descriptor shared; any
    other is read whole first).
    ``format``: a format name ("pgn", "xqf", "dhtmlxq", ...; None sniffs
    it), ``encoding``: an iconv name (None detects UTF-8, GB18030, Big5).
    Gzip is undone.  Each game carries the problems found in it
    (``game.problems``); broken games are handed out too.  A source that
    cannot be read, or holds no record, raises :class:`ReadError` with the
    fatal problem, after the games read before it.  Problems outside any
    game (a skipped library record) are appended to the list ``problems``
    when one is given."""
    fp, data, src_name = _source(source)
    name = name or src_name
    keep = [format.encode() if format else None,
            encoding.encode() if encoding else None, name.encode()]
    collect = _Collector()
    opts = ReaderOpts(keep[0], keep[1], keep[2],
                      (0 if replay else _READ_NO_REPLAY)
                      | (_READ_LAX_FEN if lax_fen else 0),
                      collect.callback, None)
    err = ctypes.c_int(0)
    buf = None
    try:
        if fp:
            r = lib.xq_reader_open(fp, ctypes.byref(opts), ctypes.byref(err))
        else:
            buf = ctypes.create_string_buffer(data, len(data))
            r = lib.xq_reader_open_mem(buf, len(data), ctypes.byref(opts),
                                       ctypes.byref(err))
        if not r:
            raise errors.ReadError(err.value, "%s: cannot read (format %r, "
                                   "encoding %r)" % (name, format, encoding))
        try:
            fmt = enc = None
            out = GAME_P()
            while True:
                rc = lib.xq_reader_next(r, ctypes.byref(out))
                if rc <= 0:
                    break
                g = Game(_ptr=out)
                out = GAME_P()
                g.problems = _share(collect.take(), g, problems)
                if fmt is None:
                    fmt = _s(lib.xq_reader_format(r))
                    enc = _s(lib.xq_reader_encoding(r))
                g.format, g.encoding = fmt, enc
                yield g
            left = collect.take()
            _share(left, None, problems)
            fatal = [p for p in left if p.severity == "fatal"]
            if rc < 0 or fatal:
                p = fatal[-1] if fatal else None
                raise errors.ReadError(rc if rc < 0 else errors.EINVAL,
                                       str(p) if p else None, problem=p)
        finally:
            lib.xq_reader_close(r)
    finally:
        if fp:
            libc.fclose(fp)
        del buf


def write_games(games, file=None, format="pgn", notation=None, encoding=None,
                traditional=None, ascii_digits=False, book_pawns=False,
                crlf=False, bom=False, comments=True, variations=True,
                name=None, on_error="raise", problems=None):
    """Write games in a format, notation and encoding.

    ``file``: None (the bytes are returned), a path (written atomically:
    a temporary file renamed over it) or a binary file object.  ``format``
    any format the library writes; ``notation`` "chinese", "wxf", "iccs",
    "uci", "uci10" (None: the format's default); ``encoding`` an iconv name
    (None: UTF-8); ``traditional`` True converts the text to traditional
    characters, False to simplified, None leaves it (Big5 output turns
    traditional unless False).  A game that cannot be written (a character
    the encoding lacks, an unreplayed game) raises :class:`WriteError`
    with the problem, and nothing is written; with ``on_error="skip"`` it
    is left out and the others written, as xqconv does.  Every problem
    reported is appended to the list ``problems`` when one is given."""
    if on_error not in ("raise", "skip"):
        raise ValueError("on_error is 'raise' or 'skip'")
    if isinstance(games, Game):
        games = [games]
    flags = ((_W_CRLF if crlf else 0) | (_W_BOM if bom else 0)
             | (0 if comments else _W_NO_COMMENTS)
             | (0 if variations else _W_NO_VARIATIONS))
    if traditional is True:
        flags |= _W_TRAD
    elif traditional is False:
        flags |= _W_SIMP if not (encoding or "").upper().startswith("BIG5") \
            else _W_KEEP_SCRIPT
    if name is None:
        name = os.fsdecode(file) if isinstance(file, (str, os.PathLike)) \
            else "<output>"
    keep = [format.encode(), encoding.encode() if encoding else None,
            name.encode()]
    collect = _Collector()
    opts = WriterOpts(keep[0], keep[1],
                      notation_code(notation) if notation else 0,
                      notation_flags(False, ascii_digits, book_pawns), flags,
                      keep[2], collect.callback, None)
    bufp = ctypes.c_void_p()
    size = ctypes.c_size_t()
    fp = libc.open_memstream(ctypes.byref(bufp), ctypes.byref(size))
    if not fp:
        raise MemoryError
    failure = None
    try:
        err = ctypes.c_int(0)
        w = lib.xq_writer_open(fp, ctypes.byref(opts), ctypes.byref(err))
        if not w:
            p = collect.take()
            raise errors.WriteError(err.value, "cannot write format %r in "
                                    "encoding %r" % (format, encoding),
                                    problem=p[-1] if p else None)
        try:
            for g in games:
                rc = lib.xq_writer_write(w, g._g)
                found = collect.take()
                if problems is not None:
                    problems.extend(found)
                if rc < 0 and rc != errors.EINVAL or rc < 0 and on_error == "raise":
                    p = [x for x in found if x.severity in ("error", "fatal")]
                    failure = errors.WriteError(
                        rc, "game %d: %s" % (g.index, p[-1] if p else
                                             lib.xq_strerror(rc).decode()),
                        problem=p[-1] if p else None)
                    break
        finally:
            rc = lib.xq_writer_close(w)
            if rc < 0 and failure is None:
                failure = errors.WriteError(rc, "flushing the output failed")
    finally:
        libc.fclose(fp)
        data = ctypes.string_at(bufp.value, size.value) if bufp.value else b""
        libc.free(bufp)
    if failure:
        raise failure
    if file is None:
        return data
    if isinstance(file, (str, os.PathLike)):
        path = os.fspath(file)
        d = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".xqtools-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        return None
    file.write(data)
    return None
