"""`tfdata-bridge scan` / `migrate` on a hostile tree never damage it (issue 20, items 9-11 and 13): symbolic
links, byte-order marks, coding declarations, unreadable and unwritable folders, special files, parse errors.
Every file is processed correctly or reported (`PATH: skipped: REASON`, exit 2), and the run goes on."""

from __future__ import annotations

import ast
import builtins
import os
import pathlib
import re
import tempfile

import pytest

from tfdata_bridge._src.migrate.sources import SourceError, load_source
from tfdata_bridge.cli import main
from tfdata_bridge.migrate import rewrite, rewrite_file, scan

LEGACY = "import tensorflow.compat.v1 as tf\nq = tf.FIFOQueue(3, tf.int32)\n"
MIGRATED = LEGACY.replace("tensorflow.compat.v1", "tfdata_bridge.compat.v1")
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0  # root reads and writes through chmod 000


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _write(path: pathlib.Path, data: str | bytes) -> pathlib.Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data)
    return path


def _leftovers(root: pathlib.Path) -> list[str]:
    return sorted(p.name for p in root.rglob(".tfdata-bridge-*"))


# --- item 9: symbolic links -------------------------------------------------------------------------------

@pytest.mark.parametrize("relative", [True, False], ids=["relative-link", "absolute-link"])
def test_write_through_a_link_given_by_name_replaces_the_target_and_keeps_the_link(tmp_path, capsys, relative):
    target = _write(tmp_path / "real" / "prog.py", LEGACY)
    os.chmod(target, 0o640)
    link = tmp_path / "prog_link.py"
    link.symlink_to(os.path.relpath(target, tmp_path) if relative else target)
    code, _, err = _run(capsys, "migrate", str(link), "--to", "compat", "--write")
    assert code == 1, err
    assert link.is_symlink() and os.readlink(link) == (os.path.relpath(target, tmp_path) if relative else str(target))
    assert target.read_text() == MIGRATED
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert f"rewrote {link}" in err and _leftovers(tmp_path) == []


def test_links_in_a_walked_folder_are_followed_and_each_real_file_is_rewritten_once(tmp_path, capsys):
    real = _write(tmp_path / "tree" / "pkg" / "a.py", LEGACY)
    (tmp_path / "tree" / "alias.py").symlink_to(real)  # a second name for a.py
    (tmp_path / "tree" / "pkg_again").symlink_to(tmp_path / "tree" / "pkg", target_is_directory=True)
    (tmp_path / "tree" / "pkg" / "up").symlink_to(tmp_path / "tree", target_is_directory=True)  # a cycle
    outside = _write(tmp_path / "shared" / "common.py", LEGACY)
    (tmp_path / "tree" / "common.py").symlink_to(outside)  # a link out of the tree
    code, _, err = _run(capsys, "migrate", str(tmp_path / "tree"), "--to", "compat", "--write")
    assert code == 1, err
    assert real.read_text() == MIGRATED and outside.read_text() == MIGRATED
    assert err.count("rewrote ") == 2  # a.py once (under its first name), common.py once
    assert (tmp_path / "tree" / "alias.py").is_symlink() and (tmp_path / "tree" / "common.py").is_symlink()
    report = scan(tmp_path / "tree")
    assert report.files_scanned == 2 and report.errors == ()
    again_code, _, _ = _run(capsys, "migrate", str(tmp_path / "tree"), "--to", "compat", "--write")
    assert again_code == 0  # nothing left to change: nothing was written twice


def test_a_broken_link_is_reported_and_the_run_goes_on(tmp_path, capsys):
    (tmp_path / "dangling.py").symlink_to(tmp_path / "gone.py")
    good = _write(tmp_path / "good.py", LEGACY)
    code, _, err = _run(capsys, "migrate", str(tmp_path), "--to", "compat", "--write")
    assert code == 2
    assert f"{tmp_path / 'dangling.py'}: skipped: is a broken symbolic link (to {tmp_path / 'gone.py'})" in err
    assert good.read_text() == MIGRATED and (tmp_path / "dangling.py").is_symlink()
    scan_code, _, scan_err = _run(capsys, "scan", str(tmp_path))
    assert scan_code == 2 and "dangling.py: skipped: is a broken symbolic link" in scan_err


# --- item 10: byte-order marks and coding declarations ----------------------------------------------------

BOM = b"\xef\xbb\xbf"


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_a_utf8_file_with_a_bom_is_scanned_and_rewritten_with_its_bom(tmp_path, capsys, newline):
    path = _write(tmp_path / "bom.py", BOM + LEGACY.replace("\n", newline).encode())
    code, out, err = _run(capsys, "scan", "--check", str(path))
    assert code == 1, err
    assert f"{path}:2:5" in out  # the BOM is not a character of line 1
    assert _run(capsys, "migrate", str(path), "--to", "compat", "--write")[0] == 1
    assert path.read_bytes() == BOM + MIGRATED.replace("\n", newline).encode()


@pytest.mark.parametrize("declaration", [
    pytest.param("# -*- coding: latin-1 -*-\n", id="emacs"),
    pytest.param("#!/usr/bin/env python\n# vim: set fileencoding=iso-8859-15 :\n", id="vim-after-shebang"),
    pytest.param("# coding=cp1252\n", id="plain-cp1252"),
])
def test_a_file_with_a_coding_declaration_is_read_and_written_in_that_encoding(tmp_path, capsys, declaration):
    text = declaration + "# caf\u00e9 cr\u00e8me\n" + LEGACY + "NAME = 'M\u00fcller'\n"
    encoding = re.search(r"coding[:=]\s*([-\w]+)", declaration).group(1)
    path = _write(tmp_path / "declared.py", text.encode(encoding))
    code, out, err = _run(capsys, "scan", "--check", str(path))
    assert code == 1, err
    line = text.splitlines().index("q = tf.FIFOQueue(3, tf.int32)") + 1
    assert f"{path}:{line}:5" in out
    assert _run(capsys, "migrate", str(path), "--to", "compat", "--write")[0] == 1
    assert path.read_bytes() == text.replace("tensorflow.compat.v1", "tfdata_bridge.compat.v1").encode(encoding)


def test_undecodable_text_and_unknown_encodings_are_reported_with_the_fix_and_left_alone(tmp_path, capsys):
    latin = _write(tmp_path / "latin_undeclared.py", ("# caf\u00e9\n" + LEGACY).encode("latin-1"))
    unknown = _write(tmp_path / "unknown.py", b"# -*- coding: klingon -*-\n" + LEGACY.encode())
    good = _write(tmp_path / "good.py", LEGACY)
    code, _, err = _run(capsys, "migrate", str(tmp_path), "--to", "compat", "--write")
    assert code == 2
    assert (f"{latin}: skipped: is not utf-8 text as Python reads a file without a coding declaration: byte "
            f"b'\\xe9' on line 1 (invalid continuation byte); save it as UTF-8 or declare its encoding") in err
    assert f"{unknown}: skipped: has a coding declaration Python refuses (unknown encoding: klingon)" in err
    assert latin.read_bytes() == ("# caf\u00e9\n" + LEGACY).encode("latin-1")
    assert unknown.read_bytes() == b"# -*- coding: klingon -*-\n" + LEGACY.encode()
    assert good.read_text() == MIGRATED  # the run went on


def test_a_rewrite_that_cannot_be_encoded_back_is_refused_not_written(tmp_path):
    path = _write(tmp_path / "declared.py", ("# -*- coding: latin-1 -*-\n" + LEGACY).encode("latin-1"))
    source = load_source(str(path))
    assert source.encoding == "iso-8859-1"
    with pytest.raises(SourceError, match=r"cannot be written back in its encoding iso-8859-1: the rewrite "
                                          r"holds '\u20ac' \(line 2\); left as it was"):
        source.encode(source.text.replace("import", "# \u20ac\nimport", 1))
    with pytest.raises(SourceError, match="would change how Python decodes it"):
        source.encode(source.text.replace("latin-1", "utf-8"))
    assert source.encode(source.text) == path.read_bytes()


# --- item 11: unreadable and unwritable folders, special files ---------------------------------------------

def _deny(monkeypatch, module, name: str, folder: pathlib.Path, arg: int = 0, key: str | None = None) -> None:
    """``module.name`` raises PermissionError for paths in ``folder``: what a chmod does to a non-root user."""
    real = getattr(module, name, None) or getattr(builtins, name)  # a module's `open` is the builtin

    def denied(*args, **kwargs):
        where = kwargs.get(key) if key else (args[arg] if len(args) > arg else None)
        if where is not None and os.path.realpath(os.fspath(where)).startswith(str(folder)):
            raise PermissionError(13, "Permission denied", os.fspath(where))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, denied, raising=False)


def _tree(tmp_path: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path, pathlib.Path]:
    a = _write(tmp_path / "a_locked" / "x.py", LEGACY)
    b = _write(tmp_path / "b_open" / "y.py", LEGACY)
    return tmp_path / "a_locked", a, b


def _check_unwritable(tmp_path, capsys, locked, a, b):
    code, _, err = _run(capsys, "migrate", str(tmp_path), "--to", "compat", "--write")
    assert code == 2, err
    assert f"{a}: skipped: cannot be written, left as it was: [Errno 13] Permission denied" in err
    assert "make its folder writable or --exclude it" in err and "Traceback" not in err
    assert a.read_text() == LEGACY and b.read_text() == MIGRATED  # the run went on past the failure
    assert _leftovers(tmp_path) == []


def test_an_unwritable_folder_is_a_reported_error_and_the_run_goes_on(tmp_path, capsys, monkeypatch):
    locked, a, b = _tree(tmp_path)
    _deny(monkeypatch, tempfile, "mkstemp", locked, key="dir")  # creating the temporary file beside it fails
    _check_unwritable(tmp_path, capsys, locked, a, b)


def test_a_failed_replace_leaves_the_file_and_no_temporary_file(tmp_path, capsys, monkeypatch):
    locked, a, b = _tree(tmp_path)
    _deny(monkeypatch, os, "replace", locked, arg=1)  # the temporary file is written, the rename fails
    _check_unwritable(tmp_path, capsys, locked, a, b)


@pytest.mark.skipif(AS_ROOT, reason="root writes through chmod; the monkeypatched tests above cover the path")
def test_a_real_read_only_folder_is_reported(tmp_path, capsys):
    locked, a, b = _tree(tmp_path)
    os.chmod(locked, 0o555)
    try:
        _check_unwritable(tmp_path, capsys, locked, a, b)
    finally:
        os.chmod(locked, 0o755)


def _check_unreadable(tmp_path, capsys, locked, a, b):
    assert "1 legacy queue API use(s) in 1 of 1 file(s)" in _run(capsys, "scan", str(tmp_path))[1]
    for argv in (["scan", str(tmp_path)], ["migrate", str(tmp_path), "--to", "compat", "--write"]):
        code, out, err = _run(capsys, *argv)
        assert code == 2, err
        assert f"{locked}: skipped: cannot be read: permission denied" in err, err
        assert "grant read access or --exclude it" in err
    assert b.read_text() == MIGRATED  # the run went on; the caller checks `a` once it can read it


def test_an_unreadable_folder_is_a_reported_error_not_an_empty_scan(tmp_path, capsys, monkeypatch):
    locked, a, b = _tree(tmp_path)
    _deny(monkeypatch, os, "scandir", locked)  # os.walk lists a folder with os.scandir
    _check_unreadable(tmp_path, capsys, locked, a, b)
    assert a.read_text() == LEGACY


@pytest.mark.skipif(AS_ROOT, reason="root reads through chmod; the monkeypatched test above covers the path")
def test_a_real_unreadable_folder_is_reported(tmp_path, capsys):
    locked, a, b = _tree(tmp_path)
    os.chmod(locked, 0o000)
    try:
        _check_unreadable(tmp_path, capsys, locked, a, b)
    finally:
        os.chmod(locked, 0o755)
    assert a.read_text() == LEGACY


def test_an_unreadable_root_given_by_name_is_reported(tmp_path, capsys, monkeypatch):
    locked, _, _ = _tree(tmp_path)
    _deny(monkeypatch, os, "scandir", locked)
    code, out, err = _run(capsys, "scan", str(locked))
    assert code == 2 and f"{locked}: skipped: cannot be read: permission denied" in err
    assert "0 of 0 file(s)" in out


def test_an_unreadable_file_is_reported_and_the_run_goes_on(tmp_path, capsys, monkeypatch):
    from tfdata_bridge._src.migrate import sources

    locked, a, b = _tree(tmp_path)
    _deny(monkeypatch, sources, "open", locked)  # the module's own `open`: what chmod 000 on x.py does
    code, _, err = _run(capsys, "migrate", str(tmp_path), "--to", "compat", "--write")
    assert code == 2 and f"{a}: skipped: cannot be read: permission denied" in err
    assert a.read_text() == LEGACY and b.read_text() == MIGRATED


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_called_py_is_reported_not_waited_on(tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe.py")  # opening it for reading would block until a writer came
    good = _write(tmp_path / "good.py", LEGACY)
    code, _, err = _run(capsys, "migrate", str(tmp_path), "--to", "compat", "--write")
    assert code == 2
    assert f"{tmp_path / 'pipe.py'}: skipped: is not a regular file" in err
    assert good.read_text() == MIGRATED
    assert _run(capsys, "scan", str(tmp_path / "pipe.py"))[0] == 2


# --- item 13: parse errors name the line CPython names, in scan and in migrate -----------------------------

@pytest.mark.parametrize("source", [
    pytest.param("import tensorflow as tf\ndef f(:\n    pass\nx = 1\n", id="bad-signature"),
    pytest.param("import tensorflow as tf\nq = tf.train.batch([x], 2\ny = 3\nz = 4\n", id="unclosed-call"),
    pytest.param("import tensorflow as tf\nif True:\nq = 1\n", id="missing-indent"),
    pytest.param("import tensorflow as tf\nx = 1\n\n\nclass C:\n    def f(self)\n        return 1\n", id="late"),
    pytest.param("import tensorflow as tf\nx = [1,\n", id="at-eof"),
    pytest.param("import os\n\ndef f(:\n    pass\n", id="no-tensorflow-in-it"),  # reported by both, too
])
def test_migrate_and_scan_name_the_line_cpython_names(tmp_path, capsys, source):
    path = _write(tmp_path / "broken.py", source)
    try:
        ast.parse(source)
    except SyntaxError as exc:
        where = f"line {exc.lineno}, column {exc.offset}"
    scan_code, _, scan_err = _run(capsys, "scan", str(path))
    migrate_code, _, migrate_err = _run(capsys, "migrate", str(path), "--to", "tfdata")
    assert scan_code == migrate_code == 2
    assert f"{path}: skipped: does not parse ({where})" in scan_err
    assert f"{path}: skipped: does not parse ({where})" in migrate_err
    assert rewrite(source, "compat").error.startswith(f"does not parse ({where})")
    assert rewrite_file(str(path), "tfdata").error == scan(path).errors[0].message
    assert path.read_text() == source
