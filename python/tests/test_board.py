import os
import subprocess

import pytest

import xqtools as xq


def test_start_position():
    b = xq.Board()
    assert b.fen() == xq.START_FEN
    assert b.turn == xq.RED
    assert len(b.legal_moves) == 44
    assert b.status() == "playing" and not b.is_check()
    assert b.piece_at(xq.square(4, 0)) == "K"
    assert b.piece_at(xq.square(4, 1)) is None
    assert b.king(xq.BLACK) == xq.square(4, 9)


def test_push_pop_restores_fen_and_key():
    b = xq.Board()
    key = b.key
    for text in ("h2e2", "h9g7", "h0g2", "i9h9"):
        b.push(xq.Move.from_iccs(text))
    assert b.fen() == ("rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/"
                       "RNBAKAB1R w - - 4 3")
    assert [m.iccs() for m in b.move_stack] == ["h2e2", "h9g7", "h0g2", "i9h9"]
    for _ in range(4):
        b.pop()
    assert b.fen() == xq.START_FEN and b.key == key


def test_illegal_push_raises():
    b = xq.Board()
    with pytest.raises(xq.IllegalMoveError) as e:
        b.push(xq.Move.from_iccs("h2h8"))
    assert e.value.code == -2


def test_perft_matches_known_counts():
    assert [xq.Board().perft(d) for d in (1, 2, 3)] == [44, 1920, 79666]


def test_key_is_zobrist_of_position_not_path():
    a, b = xq.Board(), xq.Board()
    for t in ("h0g2", "h9g7", "b0c2"):
        a.push_text(t)
    for t in ("b0c2", "h9g7", "h0g2"):
        b.push_text(t)
    assert a.key == b.key and a.fen() == b.fen()
    assert a.key != xq.Board().key


@pytest.mark.parametrize("notation,text", [
    ("iccs", "h2e2"), ("uci", "h2e2"), ("uci10", "h3e3"), ("wxf", "C2.5"),
    ("chinese", "炮二平五"), ("any", "炮二平五"), ("any", "C2=5"),
    ("any", "h2-e2"), ("chinese", "砲二平五"),
])
def test_parse_every_notation(notation, text):
    b = xq.Board()
    assert b.parse_move(text, notation) == xq.Move.from_iccs("h2e2")


def test_format_every_notation():
    b = xq.Board()
    m = xq.Move.from_iccs("h2e2")
    assert b.move_text(m, "iccs") == "h2e2"
    assert b.move_text(m, "uci") == "h2e2"
    assert b.move_text(m, "uci10") == "h3e3" == m.uci10()
    assert b.move_text(m, "wxf") == "C2.5"
    assert b.move_text(m, "chinese") == "炮二平五"
    assert b.move_text(m, "chinese", traditional=True) == "炮二平五"
    b.push(m)
    r = xq.Move.from_iccs("h7e7")
    assert b.move_text(r, "chinese") == "炮８平５"
    assert b.move_text(r, "chinese", ascii_digits=True) == "炮8平5"
    assert b.move_text(xq.Move.from_iccs("b9c7"), "chinese",
                       traditional=True) == "馬２進３"


def test_every_legal_move_round_trips_through_every_notation():
    b = xq.Board("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/"
                 "RNBAKAB1R w - - 4 3")
    for m in b.legal_moves:
        for n in ("iccs", "uci", "uci10", "wxf", "chinese"):
            assert b.parse_move(b.move_text(m, n), n) == m, (m, n)


def test_bad_fen_carries_code_and_offset():
    with pytest.raises(xq.FenError) as e:
        xq.Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w")
    assert e.value.code == -1
    assert e.value.offset is not None and e.value.offset >= 50
    assert "rank" in str(e.value) or "file" in str(e.value)


def test_bad_move_text_errors():
    b = xq.Board()
    with pytest.raises(xq.MoveError) as e:
        b.parse_move("zz99")
    assert e.value.code == -1
    with pytest.raises(xq.IllegalMoveError):
        b.parse_move("h2h8", "iccs")
    tandem = xq.Board("3k5/9/9/9/9/4R4/9/4R4/9/5K3 w")
    for text, n in (("车五进一", "chinese"), ("R5+1", "wxf")):
        with pytest.raises(xq.AmbiguousMoveError) as e:
            tandem.parse_move(text, n)
        assert e.value.code == -6 and "e2e3" in str(e.value)


def test_checkmate_and_stalemate_status():
    mate = xq.Board("3k5/R8/9/9/9/9/9/9/9/3RK4 b")
    assert mate.is_check() and mate.status() == "checkmate"
    assert mate.legal_moves == [] and mate.is_game_over()
    stale = xq.Board("3k5/R8/9/9/9/9/9/9/9/4K4 b")
    assert not stale.is_check() and stale.status() == "stalemate"
    assert stale.legal_moves == []


def test_copy_is_independent():
    b = xq.Board()
    c = b.copy()
    c.push_text("h2e2")
    assert b.fen() == xq.START_FEN and c.fen() != xq.START_FEN
    assert c.pop() == xq.Move.from_iccs("h2e2")


START_ASCII = """\
   a   b   c   d   e   f   g   h   i
9  r---n---b---a---k---a---b---n---r
   |   |   |   | \\ | / |   |   |   |
8  +---+---+---+---+---+---+---+---+
   |   |   |   | / | \\ |   |   |   |
7  +---c---+---+---+---+---+---c---+
   |   |   |   |   |   |   |   |   |
6  p---+---p---+---p---+---p---+---p
   |   |   |   |   |   |   |   |   |
5  +---+---+---+---+---+---+---+---+
   |    chu he          han jie    |
4  +---+---+---+---+---+---+---+---+
   |   |   |   |   |   |   |   |   |
3  P---+---P---+---P---+---P---+---P
   |   |   |   |   |   |   |   |   |
2  +---C---+---+---+---+---+---C---+
   |   |   |   | \\ | / |   |   |   |
1  +---+---+---+---+---+---+---+---+
   |   |   |   | / | \\ |   |   |   |
0  R---N---B---A---K---A---B---N---R
   a   b   c   d   e   f   g   h   i
"""


def test_diagram_of_the_start_whole():
    b = xq.Board()
    assert b.diagram(ascii=True, status=False) == START_ASCII
    assert b.diagram(ascii=True) == (START_ASCII + "FEN: " + xq.START_FEN
                                     + "\nred to move\n")


@pytest.mark.parametrize("args,kwargs", [
    (["-a"], dict(ascii=True)),
    ([], {}),
    (["--flip", "--trad"], dict(flip=True, traditional=True)),
    (["-a", "--color=always"], dict(ascii=True, color=True)),
    (["-n", "wxf"], dict(notation="wxf")),
    (["-n", "iccs", "--ascii-digits"], dict(notation="iccs",
                                            ascii_digits=True)),
])
@pytest.mark.parametrize("moves", ["", "h2e2 h9g7", "h2e2 h7e7 e2e6"])
def test_diagram_is_xqshow(bindir, args, kwargs, moves):
    b = xq.Board()
    cmd = [os.path.join(bindir, "xqshow")] + args
    for m in moves.split():
        b.push_text(m)
    if moves:
        cmd += ["--play", moves]
    out = subprocess.run(cmd, stdout=subprocess.PIPE, check=True).stdout
    assert b.diagram(**kwargs) == out.decode()


def test_svg_is_xqshow(bindir):
    b = xq.Board()
    b.push_text("h2e2")
    for args, kwargs in (([], {}), (["--flip", "--trad"],
                                    dict(flip=True, traditional=True))):
        out = subprocess.run([os.path.join(bindir, "xqshow"), "--svg",
                              "--play", "h2e2"] + args,
                             stdout=subprocess.PIPE, check=True).stdout
        assert b.svg(**kwargs) == out.decode()
    assert "<circle class=\"last-to\"" in b.svg()
    assert "last-to" not in xq.Board().svg()
