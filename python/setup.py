"""Packs a copy of the build tree's libxq.so.0 into the package when there
is one (after make), so that the installed package needs no make install;
without it the package loads the system's libxq.so.0 (its soname)."""
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
BUILT = os.path.join(os.environ.get("XQ_BUILD", os.path.join(HERE, "..", "build")),
                     "libxq.so.0")


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        if os.path.exists(BUILT):
            dest = os.path.join(self.build_lib, "xqtools", "libxq.so.0")
            shutil.copyfile(os.path.realpath(BUILT), dest)


# No pyproject.toml: pip then builds with the setuptools already installed
# (Debian's python3-setuptools), never fetching a build environment, so
# "pip install ./python" works offline.
setup(name="xqtools", version="0.1.0",
      description="Xiangqi positions, moves and game records over libxq",
      packages=["xqtools"], python_requires=">=3.7",
      cmdclass={"build_py": BuildWithLibrary})
