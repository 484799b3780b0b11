"""Shared fixtures: the corpus ($XQ_SHARED) and the commands (build/bin)."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(TOP, "python"))

SHARED = os.environ.get("XQ_SHARED", os.path.join(TOP, "..", "shared"))
BIN = os.environ.get("XQ_BIN", os.path.join(TOP, "build", "bin"))


@pytest.fixture(scope="session")
def corpus():
    d = os.path.join(SHARED, "corpus")
    if not os.path.isdir(d):
        pytest.fail("shared corpus not found at %s (set XQ_SHARED)" % d)
    return d


@pytest.fixture(scope="session")
def bindir():
    if not os.path.exists(os.path.join(BIN, "xqconv")):
        pytest.fail("commands not built in %s (run make)" % BIN)
    return BIN
