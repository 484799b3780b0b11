"""A PEP 517 build backend of the standard library alone.

It packs xqtools/*.py and, when the C build tree has one, a copy of
libxq.so.0 (so the installed package needs no make install; without it the
package loads the system's libxq.so.0 by its soname).  The build tree is
$XQ_BUILD, else ../build beside this package.
"""
import base64
import hashlib
import os
import sysconfig
import zipfile

NAME = "xqtools"
VERSION = "0.1.0"
SUMMARY = "Xiangqi positions, moves and game records over libxq"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _library():
    build = os.environ.get("XQ_BUILD", os.path.join(HERE, "..", "build"))
    path = os.path.join(build, "libxq.so.0")
    return os.path.realpath(path) if os.path.exists(path) else None


def _tag(with_library):
    if not with_library:
        return "py3-none-any"
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "py3-none-" + plat


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
    return "%s,sha256=%s,%d" % (arcname, digest.rstrip(b"=").decode(), len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    lib = _library()
    tag = _tag(lib is not None)
    files = []
    pkg = os.path.join(HERE, NAME)
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            with open(os.path.join(pkg, name), "rb") as f:
                files.append((NAME + "/" + name, f.read()))
    if lib is not None:
        with open(lib, "rb") as f:
            files.append((NAME + "/libxq.so.0", f.read()))
    info = "%s-%s.dist-info" % (NAME, VERSION)
    files.append((info + "/METADATA", (
        "Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
        "Requires-Python: >=3.7\n" % (NAME, VERSION, SUMMARY)).encode()))
    files.append((info + "/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: xq_wheel\nRoot-Is-Purelib: %s\n"
        "Tag: %s\n" % ("false" if lib else "true", tag)).encode()))
    record = [_record_line(a, d) for a, d in files] + [info + "/RECORD,,"]
    files.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
    wheel = "%s-%s-%s.whl" % (NAME, VERSION, tag)
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for arcname, data in files:
            zi = zipfile.ZipInfo(arcname, date_time=(2026, 1, 1, 0, 0, 0))
            zi.external_attr = (0o755 if arcname.endswith(".so.0") else 0o644) << 16
            z.writestr(zi, data, zipfile.ZIP_DEFLATED)
    return wheel


def build_sdist(sdist_directory, config_settings=None):
    import tarfile
    base = "%s-%s" % (NAME, VERSION)
    out = os.path.join(sdist_directory, base + ".tar.gz")
    with tarfile.open(out, "w:gz") as t:
        for rel in ("pyproject.toml", "README.md", "build_backend/xq_wheel.py"):
            t.add(os.path.join(HERE, rel), base + "/" + rel)
        t.add(os.path.join(HERE, NAME), base + "/" + NAME,
              filter=lambda ti: None if "__pycache__" in ti.name else ti)
        pkg_info = ("Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
                    "Summary: %s\n" % (NAME, VERSION, SUMMARY)).encode()
        ti = tarfile.TarInfo(base + "/PKG-INFO")
        ti.size = len(pkg_info)
        import io
        t.addfile(ti, io.BytesIO(pkg_info))
    return os.path.basename(out)
