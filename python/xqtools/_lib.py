"""The C side: libxq loaded with ctypes, its structures and prototypes.

Only what the Python API uses is declared.  The structure layouts mirror
lib/xq.h; tests/test_abi.py compares them with the C compiler's.
"""
import ctypes
import ctypes.util
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_double,
                    c_int, c_int64, c_long, c_size_t, c_uint, c_uint8,
                    c_uint16, c_uint32, c_uint64, c_void_p)

SONAME = "libxq.so.0"

xq_move = c_uint16


class Err(Structure):
    _fields_ = [("code", c_int), ("offset", c_int), ("msg", c_char * 200)]


class Pos(Structure):
    _fields_ = [("board", c_uint8 * 256), ("sq_of", c_uint8 * 32),
                ("side", c_uint8), ("in_check", c_uint8),
                ("halfmove", c_uint16), ("fullmove", c_uint16),
                ("key", c_uint64)]


class Undo(Structure):
    _fields_ = [("key", c_uint64), ("halfmove", c_uint16),
                ("fullmove", c_uint16), ("captured", c_uint8),
                ("in_check", c_uint8)]


class Node(Structure):
    pass


Node._fields_ = [("parent", POINTER(Node)), ("child", POINTER(Node)),
                 ("next", POINTER(Node)), ("text", c_char_p),
                 ("comment_before", c_char_p), ("comment", c_char_p),
                 ("key", c_uint64), ("line", c_uint32), ("col", c_uint32),
                 ("byte", c_uint32), ("move", xq_move), ("nnags", c_uint8),
                 ("nags", c_uint8 * 6), ("flags", c_uint8),
                 ("taken", c_uint8)]


class Tag(Structure):
    pass


Tag._fields_ = [("name", c_char_p), ("value", c_char_p),
                ("next", POINTER(Tag))]


class Game(Structure):
    _fields_ = [("tags", POINTER(Tag)), ("tags_tail", POINTER(Tag)),
                ("start", Pos), ("start_fen", c_char * 96), ("root", Node),
                ("result", c_char_p), ("tail", c_char_p),
                ("notation", c_int), ("index", c_long), ("line", c_long),
                ("flags", c_uint), ("errors", c_int), ("warnings", c_int),
                ("plies", c_int), ("arena", c_void_p)]


class Problem(Structure):
    _fields_ = [("severity", c_int), ("code", c_int), ("file", c_char_p),
                ("game", c_long), ("line", c_long), ("col", c_long),
                ("byte", c_long), ("has_byte", c_int), ("ply", c_int),
                ("text", c_char_p), ("msg", c_char_p)]


PROBLEM_FN = CFUNCTYPE(None, c_void_p, POINTER(Problem))


class ReaderOpts(Structure):
    _fields_ = [("format", c_char_p), ("encoding", c_char_p),
                ("name", c_char_p), ("flags", c_uint),
                ("problem", PROBLEM_FN), ("problem_data", c_void_p),
                ("whole", c_void_p), ("whole_len", c_size_t)]


class WriterOpts(Structure):
    _fields_ = [("format", c_char_p), ("encoding", c_char_p),
                ("notation", c_int), ("notation_flags", c_uint),
                ("flags", c_uint), ("name", c_char_p),
                ("problem", PROBLEM_FN), ("problem_data", c_void_p)]


class Format(Structure):
    _fields_ = [("name", c_char_p), ("extensions", c_char_p),
                ("description", c_char_p), ("flags", c_uint),
                ("sniff", c_void_p), ("read", c_void_p),
                ("read_end", c_void_p), ("write", c_void_p),
                ("write_end", c_void_p), ("game_start", c_void_p)]


MAX_PV = 64


class SearchLimits(Structure):
    _fields_ = [("depth", c_int), ("nodes", c_uint64),
                ("movetime_ms", c_int64), ("threads", c_int),
                ("searchmoves", POINTER(xq_move)), ("nsearchmoves", c_int)]


class SearchInfo(Structure):
    _fields_ = [("depth", c_int), ("seldepth", c_int), ("score", c_int),
                ("nodes", c_uint64), ("time_ms", c_int64), ("npv", c_int),
                ("pv", xq_move * MAX_PV)]


class Chased(Structure):
    _fields_ = [("sq", c_int), ("type", c_int), ("id", c_int)]


class Label(Structure):
    _fields_ = [("ply", c_int), ("move", xq_move), ("side", c_int),
                ("flags", c_uint), ("nchased", c_int),
                ("chased", Chased * 8)]


class Event(Structure):
    _fields_ = [("kind", c_int), ("ply", c_int), ("rules", c_int),
                ("first", c_int), ("occurrences", c_int), ("cycle", c_int),
                ("verdict", c_int), ("cls", c_int * 2), ("victim", c_int * 2),
                ("rule", c_char * 240), ("review", c_char * 640),
                ("nlabels", c_int), ("labels", POINTER(Label)),
                ("plies", c_int), ("unseen", c_int), ("moves", c_int * 2),
                ("checks", c_int * 2), ("may_claim", c_int * 2),
                ("mated", c_int), ("claimant", c_int)]


class JudgeOpts(Structure):
    _fields_ = [("rules", c_int), ("fold", c_int), ("limit", c_int),
                ("check_cap", c_int), ("kill_depth", c_int),
                ("kill_budget", c_long)]


class BoardTextOpts(Structure):
    _fields_ = [("flags", c_uint), ("last", xq_move), ("before", POINTER(Pos)),
                ("notation", c_int), ("notation_flags", c_uint)]


STRUCTS = {"xq_err": Err, "xq_pos": Pos, "xq_undo": Undo, "xq_node": Node,
           "xq_tag": Tag, "xq_game": Game, "xq_problem": Problem,
           "xq_reader_opts": ReaderOpts, "xq_writer_opts": WriterOpts,
           "xq_format": Format, "xq_search_limits": SearchLimits,
           "xq_search_info": SearchInfo, "xq_label": Label,
           "xq_event": Event, "xq_judge_opts": JudgeOpts,
           "xq_board_text_opts": BoardTextOpts}


def _candidates():
    """Where libxq is looked for, in order."""
    env = os.environ.get("XQ_LIBRARY")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    out = [os.path.join(here, SONAME)]  # a copy installed with the package
    # the build tree, when the package runs from the source tree
    out.append(os.path.join(here, "..", "..", "build", SONAME))
    out.append(SONAME)  # the system's, after make install (the soname)
    return out


def _load():
    tried = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(path + " (absent)")
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("xqtools: libxq not found; run make (and make install), "
                      "or set XQ_LIBRARY; tried: " + "; ".join(tried))


lib = _load()
libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6",
                   use_errno=True)

POS_P = POINTER(Pos)
GAME_P = POINTER(Game)
NODE_P = POINTER(Node)


def _proto(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_proto("xq_strerror", c_char_p, c_int)
_proto("xq_pos_start", None, POS_P)
_proto("xq_pos_from_fen", c_int, POS_P, c_char_p, c_uint, POINTER(Err))
_proto("xq_pos_to_fen", c_int, POS_P, c_char_p, c_size_t)
_proto("xq_piece_type", c_int, POS_P, c_int)
_proto("xq_piece_side", c_int, POS_P, c_int)
_proto("xq_piece_letter", c_char, POS_P, c_int)
_proto("xq_king_square", c_int, POS_P, c_int)
_proto("xq_move_from", c_int, xq_move)
_proto("xq_move_to", c_int, xq_move)
_proto("xq_move_make", xq_move, c_int, c_int)
_proto("xq_legal_moves", c_int, POS_P, POINTER(xq_move))
_proto("xq_sort_moves", None, POINTER(xq_move), c_int)
_proto("xq_is_legal", c_int, POS_P, xq_move)
_proto("xq_in_check", c_int, POS_P)
_proto("xq_status", c_int, POS_P)
_proto("xq_make", None, POS_P, xq_move, POINTER(Undo))
_proto("xq_unmake", None, POS_P, xq_move, POINTER(Undo))
_proto("xq_perft", c_uint64, POS_P, c_int)
_proto("xq_pos_compute_key", c_uint64, POS_P)
_proto("xq_move_format", c_int, POS_P, xq_move, c_int, c_uint, c_char_p,
       c_size_t)
_proto("xq_move_parse", c_int, POS_P, c_char_p, c_size_t, c_int, c_uint,
       POINTER(xq_move), POINTER(Err))
_proto("xq_notation_from_name", c_int, c_char_p, POINTER(c_int))
_proto("xq_notation_name", c_char_p, c_int)
_proto("xq_game_new", GAME_P)
_proto("xq_game_free", None, GAME_P)
_proto("xq_game_set_tag", c_int, GAME_P, c_char_p, c_char_p)
_proto("xq_game_del_tag", None, GAME_P, c_char_p)
_proto("xq_game_format_name", c_int, c_char_p, GAME_P, c_long, c_char_p, c_size_t)
_proto("xq_game_name_check", c_int, c_char_p, POINTER(c_size_t))
_proto("xq_game_set_fen", c_int, GAME_P, c_char_p, c_uint, POINTER(Err))
_proto("xq_node_add", NODE_P, GAME_P, NODE_P, xq_move, c_char_p, c_size_t)
_proto("xq_node_comment", c_int, GAME_P, NODE_P, c_int, c_char_p, c_size_t)
_proto("xq_node_add_nag", c_int, NODE_P, c_int)
_proto("xq_game_replay", c_int, GAME_P, c_char_p, PROBLEM_FN, c_void_p)
_proto("xq_game_plies", c_int, GAME_P)
_proto("xq_game_position", c_int, GAME_P, c_int, POS_P)
_proto("xq_severity_name", c_char_p, c_int)
_proto("xq_problem_name", c_char_p, c_int)
_proto("xq_problem_describe", c_int, c_char_p, c_size_t, POINTER(Problem))
_proto("xq_reader_open", c_void_p, c_void_p, POINTER(ReaderOpts),
       POINTER(c_int))
_proto("xq_reader_open_mem", c_void_p, c_void_p, c_size_t,
       POINTER(ReaderOpts), POINTER(c_int))
_proto("xq_reader_next", c_int, c_void_p, POINTER(GAME_P))
_proto("xq_reader_close", None, c_void_p)
_proto("xq_reader_format", c_char_p, c_void_p)
_proto("xq_reader_encoding", c_char_p, c_void_p)
_proto("xq_writer_open", c_void_p, c_void_p, POINTER(WriterOpts),
       POINTER(c_int))
_proto("xq_writer_write", c_int, c_void_p, GAME_P)
_proto("xq_writer_close", c_int, c_void_p)
_proto("xq_search_new", c_void_p, c_size_t)
_proto("xq_search_free", None, c_void_p)
_proto("xq_search_clear", None, c_void_p)
INFO_FN = CFUNCTYPE(None, c_void_p, POINTER(SearchInfo))
_proto("xq_search_run", c_int, c_void_p, POS_P, POINTER(c_uint64), c_int,
       POINTER(SearchLimits), INFO_FN, c_void_p, POINTER(SearchInfo))
_proto("xq_search_stop", None, c_void_p)
_proto("xq_evaluate", c_int, POS_P)
_proto("xq_board_text", c_int, POS_P, POINTER(BoardTextOpts),
       POINTER(c_void_p), POINTER(c_size_t))
_proto("xq_board_svg", c_int, POS_P, xq_move, c_uint, POINTER(c_void_p),
       POINTER(c_size_t))
_proto("xq_rules_from_name", c_int, c_char_p, POINTER(c_int))
_proto("xq_rules_name", c_char_p, c_int)
_proto("xq_verdict_name", c_char_p, c_int)
_proto("xq_class_name", c_char_p, c_int)
_proto("xq_judge_new", c_void_p, POINTER(JudgeOpts), POINTER(c_int))
_proto("xq_judge_free", None, c_void_p)
_proto("xq_judge_start", c_int, c_void_p, POS_P)
_proto("xq_judge_push_node", c_int, c_void_p, NODE_P)
_proto("xq_judge_event", POINTER(Event), c_void_p, c_int)

libc.fopen.restype = c_void_p
libc.fopen.argtypes = [c_char_p, c_char_p]
libc.fdopen.restype = c_void_p
libc.fdopen.argtypes = [c_int, c_char_p]
libc.fclose.restype = c_int
libc.fclose.argtypes = [c_void_p]
libc.fflush.restype = c_int
libc.fflush.argtypes = [c_void_p]
libc.open_memstream.restype = c_void_p
libc.open_memstream.argtypes = [POINTER(c_void_p), POINTER(c_size_t)]
libc.free.restype = None
libc.free.argtypes = [c_void_p]

_formats = (POINTER(Format) * 64).in_dll(lib, "xq_formats")


def formats():
    """The registry: a list of xq_format structures, in sniffing order."""
    out = []
    for p in _formats:
        if not p:
            break
        out.append(p.contents)
    return out


__all__ = ["lib", "libc", "c_double"]


class Ecco(Structure):
    _fields_ = [("code", c_char * 4), ("opening", c_char_p),
                ("variation", c_char_p), ("opening_trad", c_char_p),
                ("variation_trad", c_char_p)]


_proto("xq_ecco_game", c_int, GAME_P, POINTER(Ecco))
_proto("xq_ecco_lookup", c_int, c_char_p, POINTER(Ecco))


class GameEvent(Structure):
    _fields_ = [("ev", POINTER(Event)), ("node", NODE_P), ("j", c_void_p),
                ("mainline", c_int), ("depth", c_int)]


class GameVerdict(Structure):
    _fields_ = [("verdict", c_int), ("rulings", c_long), ("against", c_long),
                ("limits", c_long)]


GAME_EVENT_FN = CFUNCTYPE(None, c_void_p, POINTER(GameEvent))
_proto("xq_game_judge", c_int, c_void_p, GAME_P, c_int, GAME_EVENT_FN, c_void_p,
       POINTER(GameVerdict))
