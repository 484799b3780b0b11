"""pip installs the package offline, with the build tree's libxq in it."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.normpath(os.path.join(HERE, ".."))
BUILD = os.path.normpath(os.path.join(PACKAGE, "..", "build"))


def test_pip_installs_offline_with_the_library(tmp_path):
    target = tmp_path / "site"
    env = dict(os.environ, XQ_BUILD=os.environ.get("XQ_BUILD", BUILD),
               PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("XQ_LIBRARY", None)
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index",
                          "--target", str(target), PACKAGE],
                         env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (target / "xqtools" / "libxq.so.0").exists()
    # a fresh interpreter that sees only the installed copy
    code = ("import xqtools, sys; b = xqtools.Board(); "
            "m = b.parse_move('炮二平五'); print(xqtools.__file__); "
            "print(b.move_text(m, 'iccs'))")
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(target)}
    out = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path),
                         env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    where, move = out.stdout.split()
    assert where.startswith(str(target))
    assert move == "h2e2"
