"""ECCO: the Python answer is the library's, as xqshow --ecco prints it."""
import os
import subprocess

import pytest

import xqtools as xq

LINES = [
    "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 "
    "兵七进一 炮8平9 车二平三 炮9退1 马八进七 士4进5 炮八平九",
    "炮二平五 马8进7",
    "兵七进一",
    "",
]


@pytest.mark.parametrize("line", LINES)
def test_ecco_matches_xqshow(bindir, line):
    moves = line.split()
    pgn = "[Event \"e\"]\n\n" + " ".join(
        ("%d. " % (i // 2 + 1) if i % 2 == 0 else "") + m
        for i, m in enumerate(moves)) + " *\n"
    games = list(xq.read_games(pgn.encode()))
    assert len(games) == 1
    got = xq.ecco(games[0])
    out = subprocess.run([os.path.join(bindir, "xqshow"), "--ecco", "--play",
                          line], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    want = out.stdout.split()
    assert [got.code, got.name] == want[:2]
    if got.variation:
        assert want[2] == got.variation


def test_ecco_names_and_setup_games():
    o = xq.ecco_names("C45")
    assert o.code == "C45" and o.name and o.name_trad
    with pytest.raises(ValueError):
        xq.ecco_names("A17")
    g = next(xq.read_games(b'[FEN "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"]\n\n*\n'))
    assert xq.ecco(g) is None
