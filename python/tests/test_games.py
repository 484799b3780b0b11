"""Games read, written and judged, against the commands' output on the
corpus (xqcheck -j, xqconv, xqjudge -j)."""
import csv
import io
import json
import os
import subprocess

import pytest

import xqtools as xq


def corpus_files(corpus):
    out = []
    for d in sorted(os.listdir(corpus)):
        p = os.path.join(corpus, d)
        if not os.path.isdir(p) or d == "rules":
            continue
        for f in sorted(os.listdir(p)):
            if not f.endswith((".tsv", ".xz", ".md")):
                out.append(os.path.join(p, f))
    return out


def run(cmd, ok=(0, 1)):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert r.returncode in ok, (cmd, r.returncode, r.stderr[-500:])
    return r.stdout if ok == (0, 1) else r


def test_corpus_is_there(corpus):
    assert len(corpus_files(corpus)) >= 50


def test_every_corpus_file_matches_xqcheck_json(corpus, bindir):
    """Games, plies, notation, counts and every problem as xqcheck -j has
    them, for every file of the corpus, every format."""
    files = corpus_files(corpus)
    games = 0
    for path in files:
        r = run([os.path.join(bindir, "xqcheck"), "-j", "-v", path],
                ok=(0, 1, 2))
        want = [json.loads(line) for line in r.stdout.decode().splitlines()]
        got = []
        try:
            for g in xq.read_games(path):
                got.append(g)
            assert r.returncode != 2, path
        except xq.ReadError as e:
            assert r.returncode == 2, path
            assert e.problem.message in r.stderr.decode(), path
        assert len(got) == len(want), path
        for g, w in zip(got, want):
            games += 1
            assert g.index == w["index"] and g.plies == w["plies"], path
            assert g.start_fen == w["fen"]
            assert g.errors == w["errors"] and g.warnings == w["warnings"]
            assert g.is_valid == (w["status"] == "valid"), (path, g.index)
            assert dict(g.tags.items()) == w["tags"], (path, g.index)
            probs = [(p.severity, p.code, p.line, p.ply, p.text, p.message)
                     for p in g.problems]
            wprobs = [(p["severity"], p["code"], p.get("line", 0),
                       p["ply"], p["text"], p["message"])
                      for p in w["problems"]
                      # the commands' own hint about their -e option
                      if "-e chooses the encoding" not in p["message"]]
            assert probs == wprobs, (path, g.index)
    assert games > 1000


@pytest.mark.parametrize("fmt,notation,encoding", [
    ("pgn", "chinese", None), ("pgn", "wxf", None), ("pgn", "iccs", None),
    ("pgn", "uci10", None), ("pgn", "chinese", "gbk"),
    ("text", "chinese", None), ("dhtmlxq", None, None),
    ("pgn", "chinese", "big5"),
])
def test_write_matches_xqconv(corpus, bindir, fmt, notation, encoding):
    """write_games() gives xqconv's bytes (xqconv drops invalid games)."""
    n = 0
    for path in corpus_files(corpus):
        if "/formats2/" in path:
            continue  # one-off dialects: read tests cover them
        cmd = [os.path.join(bindir, "xqconv"), "-q", "-t", fmt]
        if notation:
            cmd += ["-n", notation]
        if encoding:
            cmd += ["-E", encoding]
        want = run(cmd + [path])
        try:
            games = [g for g in xq.read_games(path) if g.is_valid]
        except xq.ReadError:
            games = []
        if fmt == "dhtmlxq" and not games:
            continue
        got = xq.write_games(games, format=fmt, notation=notation,
                             encoding=encoding, on_error="skip")
        assert got == want, path
        n += len(games)
    assert n > 1000


def test_write_then_read_keeps_the_tree(corpus):
    path = os.path.join(corpus, "dhtmlxq",
                        "vschess_xianrenzhilu_variations_utf8bom.txt")
    g, = xq.read_games(path)

    def shape(node):
        # a bad move's line is written as text, not read back as moves
        return [(c.move, c.nags, shape(c))
                for c in node.variations if c.move is not None]


def test_read_from_file_objects_and_bytes(corpus):
    path = os.path.join(corpus, "pgn", "wukong_iccs_1125_games.pgn")
    want = [g.mainline_moves() for g in xq.read_games(path)]
    with open(path, "rb") as f:
        f.read(10)
        f.seek(0)  # the library reads from where the object stands
        assert [g.mainline_moves() for g in xq.read_games(f)] == want
    with open(path, "rb") as f:
        data = f.read()
    assert [g.mainline_moves() for g in xq.read_games(io.BytesIO(data))] == want
    assert [g.mainline_moves() for g in xq.read_games(data)] == want
    r, w = os.pipe()
    with os.fdopen(w, "wb") as out:
        out.write(data[:20000])  # a pipe: read whole first
    with os.fdopen(r, "rb") as f:
        games = list(xq.read_games(f))
    assert [g.mainline_moves() for g in games[:-1]] == want[:len(games) - 1]


def test_move_tree_api(corpus):
    path = os.path.join(corpus, "pgn", "xqbase_sample_handicap_comments_gbk.pgn")
    g, = xq.read_games(path)
    assert g.format == "pgn" and g.encoding == "GB18030"
    assert g.tags["red"] == "许银川" and g.result == "1-0"
    first = g.mainline()[0]
    assert first.text == "炮八平五" and first.move.iccs() == "b2e2"
    assert first.line > 0 and first.ply() == 1 and first.is_mainline()
    assert g.mainline()[1].comment.strip().startswith("红方首着")
    assert g.mainline_moves()[0] == first.move
    end = g.end()
    assert end.fen() == g.mainline()[-1].board().fen()
    assert end.key == g.mainline()[-1].key
    assert len(g.mainline_moves()) == g.plies == 75


def test_binary_formats_give_byte_offsets(corpus):
    path = os.path.join(corpus, "xqf", sorted(
        f for f in os.listdir(os.path.join(corpus, "xqf"))
        if f.endswith(".xqf"))[0])
    g, = xq.read_games(path)
    assert g.format == "xqf"
    assert all(n.byte is not None and n.line == 0 for n in g.mainline())


def test_problems_read_as_xqcheck_says_them(corpus, bindir):
    """str() of every problem of every corpus file is xqcheck's line for
    it, without "xqcheck: " (xqcheck's own hint about -e aside)."""
    lines = []
    for path in corpus_files(corpus):
        r = run([os.path.join(bindir, "xqcheck"), "-v", path], ok=(0, 1, 2))
        want = [line[len("xqcheck: "):]
                for line in r.stderr.decode(errors="surrogateescape").splitlines()
                if line.startswith("xqcheck: " + path)
                and "-e chooses the encoding" not in line]
        got, outside = [], []
        try:
            for g in xq.read_games(path, problems=outside):
                got += [str(p) for p in g.problems]
        except xq.ReadError as e:
            if not any(p is e.problem for p in outside):
                got.append(str(e.problem))
        got += [str(p) for p in outside]
        assert sorted(got) == sorted(want), path
        lines += want
    # errors at a ply with their text, binary records' byte offsets
    assert len(lines) > 50 and any(", ply " in s for s in lines) and \
        any(": byte " in s for s in lines)


def test_problem_carries_location():
    data = b'[Event "x"]\n\n1. h2e2 h9g7 2. h2h8 *\n'
    g, = xq.read_games(data)
    assert not g.is_valid and g.errors == 1
    p, = [p for p in g.problems if p.severity == "error"]
    assert (p.code, p.line, p.column, p.ply, p.text) == \
        ("illegal-move", 3, 17, 3, "h2h8")
    assert g.mainline()[2].is_bad and g.mainline()[2].move is None


def test_read_errors_are_exceptions():
    with pytest.raises(xq.ReadError) as e:
        list(xq.read_games("/nonexistent/x.pgn"))
    assert e.value.code == -4
    with pytest.raises(xq.ReadError) as e:
        list(xq.read_games(b"\x89PNG\r\n\x1a\n" + bytes(100)))
    assert e.value.problem.code == "format"
    assert "PNG" in e.value.problem.message
    with pytest.raises(xq.ReadError):
        list(xq.read_games(b"1. h2e2 *\n", format="nosuchformat"))


def test_write_errors_are_exceptions(corpus, tmp_path):
    g, = xq.read_games(os.path.join(
        corpus, "pgn", "xqbase_sample_handicap_comments_gbk.pgn"))
    out = tmp_path / "x.pgn"
    out.write_bytes(b"before")
    with pytest.raises(xq.WriteError) as e:
        xq.write_games([g], out, encoding="BIG5", traditional=False)
    assert e.value.problem.code == "encoding"
    assert out.read_bytes() == b"before"  # atomic: nothing replaced
    xq.write_games([g], out, encoding="BIG5")
    h, = xq.read_games(out)
    assert h.encoding == "BIG5" and h.tags["Red"] == "許銀川"
    buf = io.BytesIO()
    xq.write_games(g, buf, notation="iccs", crlf=True)
    assert b"b2e2" in buf.getvalue() and b"\r\n" in buf.getvalue()


def test_build_a_game():
    g = xq.Game()
    g.tags["Red"] = "A"
    g.tags["Black"] = "B"
    n = g.root
    for t in ("h2e2", "h9g7"):
        n = n.add_variation(xq.Move.from_iccs(t))
    alt = g.root.variations[0].add_variation(xq.Move.from_iccs("b9c7"))
    alt.add_comment("the other horse")
    alt.add_nag(1)
    assert g.replay() == [] and g.is_valid
    text = xq.write_games(g, notation="iccs").decode()
    assert '[Red "A"]' in text
    assert "1. h2e2 h9g7 (1... b9c7! { the other horse }) *" in text
    h, = xq.read_games(text.encode())
    assert [m.iccs() for m in h.mainline_moves()] == ["h2e2", "h9g7"]
    v = h.root.variations[0].variations
    assert [c.move.iccs() for c in v] == ["h9g7", "b9c7"]
    assert v[1].comment == "the other horse" and v[1].nags == [1]
    del g.tags["black"]
    assert "Black" not in g.tags


def test_file_name_matches_xqconv_d(corpus, bindir, tmp_path):
    path = os.path.join(corpus, "pgn", "wukong_iccs_1125_games.pgn")
    template = "%04n-%{Red}_%{Black}-%{Event}-%{Nothing}"
    out = tmp_path / "d"
    run([os.path.join(bindir, "xqconv"), "-q", "-d", str(out), "--name", template, path])
    games = list(xq.read_games(path))
    want = sorted(os.listdir(out))
    assert len(want) == len(games) > 1000
    assert sorted(g.file_name(template) + ".pgn" for g in games) == want
    g = games[0]
    assert g.file_name("%n", number=7) == "7"
    assert g.file_name("%%") == "%"
    with pytest.raises(xq.XqError) as e:
        g.file_name("ab%x")
    assert e.value.code == xq.errors.EINVAL and e.value.offset == 2


def repetition_rows(corpus):
    path = os.path.join(corpus, "rules", "wxf-repetition.tsv")
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def test_judge_matches_xqjudge(corpus, bindir, tmp_path):
    rows = repetition_rows(corpus)
    games, pairs = [], []
    for r in rows:
        try:
            g = xq.Game(r["fen"])
        except xq.FenError:
            continue  # a composed position only a lax reading takes
        n = g.root
        for t in r["moves"].split():
            n = n.add_variation(xq.Move.from_iccs(t))
        g.replay()
        games.append(g)
        pairs.append((r, g))
    path = tmp_path / "rep.pgn"
    xq.write_games(games, path, notation="iccs")
    for rules in ("axf", "cxa", "1956"):
        want = [json.loads(line) for line in run(
            [os.path.join(bindir, "xqjudge"), "-j", "-r", rules, "--fold", "2",
             str(path)]).decode().splitlines()]
        assert len(want) == len(games)
        for g, w in zip(games, want):
            j = xq.judge(g, rules, fold=2)
            assert j.verdict == w["verdict"], (rules, g.index)
            assert [(e.kind, e.ply) for e in j.events] == \
                [(e["kind"], e["ply"]) for e in w["rulings"]]
            for e, we in zip(j.events, w["rulings"]):
                if e.kind == "repetition":
                    assert (e.verdict, e.rule, e.review, e.first) == \
                        (we["verdict"], we["rule"], we["review"], we["first"])
                    assert [lab["labels"] for lab in e.labels] == \
                        [lab["labels"] for lab in we["labels"]]
    # the verdicts the rows expect, under AXF where the source has them
    agree = sum(xq.judge(g, "axf", fold=2).verdict == r["verdict"]
                for r, g in pairs)
    assert len(games) > 150 and agree >= len(games) * 9 // 10


def test_judge_rejects_what_it_cannot_judge():
    with pytest.raises(ValueError):
        xq.judge(xq.Game(), "fide")
    with pytest.raises(ValueError):
        xq.judge(xq.Game())  # not replayed
    g, = xq.read_games(b'[FEN "rnbakabnr/9/9 w"]\n\n1. h2e2 *\n')
    assert not g.is_valid and g.problems[0].code == "fen"
    with pytest.raises(ValueError):
        xq.judge(g)


def test_engine_matches_xqengine(bindir):
    b = xq.Board()
    b.push_text("h2e2")
    with xq.Engine() as e:
        a = e.analyse(b, depth=6)
    p = subprocess.Popen([os.path.join(bindir, "xqengine")],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    p.stdin.write(b"uci\nposition startpos moves h2e2\ngo depth 6\n")
    p.stdin.flush()
    lines = []
    for raw in p.stdout:
        lines.append(raw.decode().strip())
        if lines[-1].startswith("bestmove"):
            break
    p.stdin.write(b"quit\n")
    p.stdin.close()
    assert p.wait(timeout=60) == 0
    out = "\n".join(lines)
    best = lines[-1]
    assert best.split()[1] == a.best.iccs()
    info = [l for l in out.splitlines() if l.startswith("info depth 6 ")][0]
    assert ("nodes %d " % a.nodes) in info
    assert ("pv " + " ".join(m.iccs() for m in a.pv)) in info


def test_engine_finds_mate_and_limits():
    b = xq.Board("4k4/R8/1R7/9/9/9/9/9/9/3K5 w")  # b7b9 mates
    with xq.Engine() as e:
        a = e.analyse(b, depth=3)
        assert a.mate == 1 and b.copy() is not None
        b.push(a.best)
        assert b.is_game_over()
        with pytest.raises(ValueError):
            e.analyse(b)
        a = e.analyse(xq.Board(), nodes=5000)
        assert a.nodes >= 5000 and a.best is not None
        seen = []
        a = e.analyse(xq.Board(), depth=4, info=seen.append)
        assert [i.depth for i in seen] == [1, 2, 3, 4]
        assert seen[-1].pv == a.pv
