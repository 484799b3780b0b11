"""Objects free their C memory: RSS stays flat over a million games."""
import os

import xqtools as xq

GAMES = int(os.environ.get("XQ_LEAK_GAMES", "1000000"))


def rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def test_a_million_games_leave_rss_flat(corpus):
    path = os.path.join(corpus, "pgn", "wukong_iccs_1125_games.pgn")
    with open(path, "rb") as f:
        data = f.read()
    read = plies = 0
    base = None
    while read < GAMES:
        for g in xq.read_games(data):
            read += 1
            plies += g.plies
            if read % 97 == 0:  # the tree, tags and positions too
                plies += len(g.mainline_moves()) + len(g.tags)
                g.end().legal_moves
        if base is None and read >= 20000:
            base = rss_kib()
    grown = rss_kib() - base
    assert read >= GAMES and plies > 0
    assert grown < 4096, "RSS grew by %d KiB over %d games" % (grown, read)


def test_boards_engines_and_writers_leave_rss_flat(corpus):
    path = os.path.join(corpus, "pgn", "xqbase_sample_handicap_comments_gbk.pgn")
    game, = xq.read_games(path)
    base = None
    for i in range(3000):
        xq.write_games(game, encoding="gbk", notation="wxf")
        xq.judge(game)
        b = xq.Board()
        b.push_text("炮二平五")
        with xq.Engine(hash_mb=1) as e:
            e.analyse(b, depth=1)
        g = xq.Game()
        g.root.add_variation(xq.Move.from_iccs("h2e2")).add_comment("x")
        g.replay()
        if i == 300:
            base = rss_kib()
    grown = rss_kib() - base
    assert grown < 4096, "RSS grew by %d KiB" % grown
