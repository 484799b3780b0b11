"""The ctypes structures have the C compiler's sizes and offsets."""
import ctypes
import os
import subprocess

import pytest

from xqtools import _lib

from conftest import TOP


def test_struct_layouts_match_the_header(tmp_path):
    cc = os.environ.get("CC", "cc")
    lines = ['#include <stddef.h>', '#include <stdio.h>', '#include "xq.h"',
             '#include "xq_format.h"',
             "int main(void) {"]
    for name, cls in _lib.STRUCTS.items():
        lines.append('printf("%s %%zu\\n", sizeof(struct %s));' % (name, name))
        for field in cls._fields_:
            lines.append('printf("%s.%s %%zu\\n", offsetof(struct %s, %s));'
                         % (name, field[0], name, field[0]))
    lines.append("return 0; }")
    src = tmp_path / "layout.c"
    src.write_text("\n".join(lines))
    exe = tmp_path / "layout"
    r = subprocess.run([cc, "-I", os.path.join(TOP, "lib"), "-o", str(exe),
                        str(src)], stderr=subprocess.PIPE)
    if r.returncode != 0:
        pytest.fail("cannot compile the layout probe: " + r.stderr.decode())
    want = dict(line.split() for line in
                subprocess.check_output([str(exe)]).decode().splitlines())
    got = {}
    for name, cls in _lib.STRUCTS.items():
        got[name] = str(ctypes.sizeof(cls))
        for field in cls._fields_:
            got["%s.%s" % (name, field[0])] = str(getattr(cls, field[0]).offset)
    assert got == want
