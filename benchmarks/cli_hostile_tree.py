"""`tfdata-bridge scan` and `migrate --write` on a hostile tree (issue 20): every file processed or reported,
nothing damaged, the documented exit status, and the time each command takes.

    .venv/bin/python benchmarks/cli_hostile_tree.py      # about 7 minutes on 2 busy cores (figures: README)
    .venv/bin/python benchmarks/cli_hostile_tree.py --files 100 --big-lines 20000 --big-timeout 30  # about 1 min
    .venv/bin/python benchmarks/cli_hostile_tree.py --big-only --big-lines 32000  # the big file's commands alone

The tree (built in a temporary folder): a 2,000-file folder (``migrate_speed``'s mix: 10% legacy programs, 40%
other TensorFlow code, 50% plain Python); symbolic links (to a file in the tree, out of the tree, to a folder,
back up the tree, broken); a UTF-8 file with a BOM, files with PEP 263 declarations (latin-1, cp1252 after a
shebang) and an undeclared latin-1 file; a read-only and an unreadable folder (chmod: root is not denied, and
the run says so); a notebook with magics, a truncated one, Jupyter's checkpoint folder; a named pipe called
``.py``; a 200,000-line file. Each command runs as the CLI (a subprocess) on its own fresh copy of the tree.
The big file (a legacy program, then one name assigned ~200,000 times: item 15's shape) is timed on its own,
under ``--big-timeout``: ``scan``, then ``migrate --to compat --write`` and ``--to tfdata --write`` on a
copy each, checked: exit 1, the program rewritten, every generated line after it byte for byte as it was.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from migrate_speed import _tree  # noqa: E402  the 2,000-file mix the scan figures use

LEGACY = "import tensorflow.compat.v1 as tf\nq = tf.FIFOQueue(3, tf.int32)\n"
AS_ROOT = os.geteuid() == 0
LOCKED = {"locked_write": 0o555, "locked_read": 0o000}


def build(root: pathlib.Path, files: int, big_lines: int) -> dict[str, str]:
    """The hostile tree under ``root``; returns the paths (relative) expected to be reported, with why."""
    from test_cli_notebooks import _notebook, _save

    root.mkdir(parents=True, exist_ok=True)
    _tree(root / "many", files, 0.10, 0.40)
    links = root / "links"
    links.mkdir()
    outside = root.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "common.py").write_text(LEGACY)
    (links / "alias.py").symlink_to(root / "many" / "pkg0" / "module_0.py")
    (links / "outside.py").symlink_to(outside / "common.py")
    (links / "dangling.py").symlink_to(root / "gone.py")
    (links / "pkg_link").symlink_to(root / "many" / "pkg1", target_is_directory=True)
    (links / "up").symlink_to(root, target_is_directory=True)
    enc = root / "encodings"
    enc.mkdir()
    (enc / "bom.py").write_bytes(b"\xef\xbb\xbf" + LEGACY.encode())
    (enc / "latin1.py").write_bytes(("# -*- coding: latin-1 -*-\n# caf\u00e9\n" + LEGACY).encode("latin-1"))
    (enc / "cp1252.py").write_bytes(("#!/usr/bin/env python\n# coding=cp1252\n# \u20ac\n" + LEGACY).encode("cp1252"))
    (enc / "undeclared.py").write_bytes(("# caf\u00e9\n" + LEGACY).encode("latin-1"))
    for name in LOCKED:  # chmod'ed in each run's copy
        (root / name).mkdir()
        (root / name / "prog.py").write_text(LEGACY)
    nbs = root / "notebooks"
    _save(nbs / "pipeline.ipynb", _notebook())
    _save(nbs / ".ipynb_checkpoints" / "pipeline-checkpoint.ipynb", _notebook())
    (nbs / "truncated.ipynb").write_text('{"cells": [')
    big = root / "big"
    big.mkdir()
    program = (ROOT / "tests" / "legacy_programs" / "pyfunc_batch.py").read_text()
    body = "".join(f"value = {i}\n" for i in range(big_lines - program.count("\n")))  # item 15's shape
    (big / "big.py").write_text(program + body)
    expected = {"links/dangling.py": "broken symbolic link", "encodings/undeclared.py": "is not utf-8 text",
                "notebooks/truncated.ipynb": "is not a notebook", "pipe.py": "is not a regular file"}
    if not AS_ROOT:
        expected["locked_read"] = "cannot be read: permission denied"
    return expected


def snapshot(root: pathlib.Path) -> dict[str, bytes | str]:
    """Every path under ``root`` (links not followed): a file's bytes, a link's target."""
    out: dict[str, bytes | str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            full = pathlib.Path(dirpath, name)
            rel = full.relative_to(root).as_posix()
            if full.is_symlink():
                out[rel] = "-> " + os.readlink(full)
            elif full.is_file() and os.access(full, os.R_OK):
                out[rel] = full.read_bytes()
    return out


def cli(*args: str, timeout: float) -> tuple[int | None, str, str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    try:
        out = subprocess.run([sys.executable, "-m", "tfdata_bridge", *args], capture_output=True, text=True,
                             timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, "", "", time.perf_counter() - start
    return out.returncode, out.stdout, out.stderr, time.perf_counter() - start


def check_reported(err: str, root: pathlib.Path, expected: dict[str, str], extra: dict[str, str]) -> None:
    assert "Traceback" not in err, err[-2000:]
    for rel, why in {**expected, **extra}.items():
        assert f"{root / rel}: skipped: " in err and why in err, f"{rel} not reported ({why}):\n{err[-3000:]}"
    reported = err.count(": skipped: ")
    assert reported == len(expected) + len(extra), f"{reported} reported, expected {sorted({**expected, **extra})}"


def check_written(root: pathlib.Path, before: dict, after: dict, expected: dict, target: str) -> int:
    """Nothing damaged: reported files as they were, links still links, encodings kept, every file parses."""
    for rel in expected:
        assert before.get(rel) == after.get(rel), f"{rel} was reported but changed"
    for rel, was in before.items():
        if isinstance(was, str):
            assert after[rel] == was, f"link {rel} became {after[rel]!r}"
    assert not [p for p in after if ".tfdata-bridge-" in p], "a temporary file was left"
    assert after["encodings/bom.py"].startswith(b"\xef\xbb\xbf")
    assert "caf\u00e9" in after["encodings/latin1.py"].decode("latin-1")
    assert "\u20ac" in after["encodings/cp1252.py"].decode("cp1252")
    changed = [rel for rel in before if after.get(rel) != before[rel]]
    for rel in changed:
        if rel.endswith(".py"):
            from tfdata_bridge._src.migrate.sources import load_source

            ast.parse(load_source(str(root / rel)).text)
    if target == "compat":
        assert b"tfdata_bridge.compat.v1" in after["encodings/latin1.py"]
        assert "tfdata_bridge.compat.v1" in after["notebooks/pipeline.ipynb"].decode()
    return len(changed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=2000, help="files in the big folder (default 2000)")
    parser.add_argument("--big-lines", type=int, default=200_000, help="lines of the big file (default 200000)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per tree command")
    parser.add_argument("--big-timeout", type=float, default=120, help="seconds per command on the big file")
    parser.add_argument("--big-only", action="store_true", help="the big file alone (its time at several sizes)")
    args = parser.parse_args(argv)
    if args.big_only:
        args.files = 0
    print(f"machine: {os.cpu_count()} cores, shared with other work; running as {'root' if AS_ROOT else 'a user'}"
          f"{' (chmod denies nothing: the locked folders are processed)' if AS_ROOT else ''}", flush=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix="tfdb-hostile-"))
    total = 0.0
    try:
        template = work / "template" / "tree"
        template.parent.mkdir()
        expected = build(template, args.files, args.big_lines)
        runs = [("scan", ["scan", "--format", "json"]), ("migrate --to compat --write", ["migrate", "--to", "compat",
                "--write"]), ("migrate --to tfdata --write", ["migrate", "--to", "tfdata", "--write"])]
        for i, (label, argv_) in enumerate([] if args.big_only else runs):
            root = work / f"run{i}" / "tree"
            shutil.copytree(template, root, symlinks=True)
            shutil.copytree(template.parent / "outside", root.parent / "outside")
            for link in ("alias.py", "pkg_link", "up", "dangling.py"):  # point the copies into their own tree
                target = os.readlink(template / "links" / link).replace(str(template), str(root))
                (root / "links" / link).unlink()
                (root / "links" / link).symlink_to(target)
            (root / "links" / "outside.py").unlink()
            (root / "links" / "outside.py").symlink_to(root.parent / "outside" / "common.py")
            os.mkfifo(root / "pipe.py")
            for name, mode in LOCKED.items():
                os.chmod(root / name, mode)
            before = snapshot(root)
            code, out, err, seconds = cli(*argv_, str(root), "--exclude", "big", timeout=args.timeout)
            total += seconds
            assert code == 2, f"{label}: exit {code}, expected 2 (errors reported)\n{err[-3000:]}"
            extra = {} if AS_ROOT or label == "scan" else {"locked_write/prog.py": "cannot be written"}
            check_reported(err, root, expected, extra)
            after = snapshot(root)
            if label == "scan":
                doc = json.loads(out)
                assert before == after, "scan changed the tree"
                cells = {f["cell"] for f in doc["findings"] if f["path"].endswith(".ipynb")}
                print(f"{label}: exit {code} in {seconds:.1f} s; {doc['files_scanned']} files, "
                      f"{len(doc['findings'])} findings (notebook cells {sorted(cells)}), "
                      f"{len(doc['errors'])} reported", flush=True)
                continue
            changed = check_written(root, before, after, expected, argv_[2])
            again, _, err2, seconds2 = cli(*argv_, str(root), "--exclude", "big", timeout=args.timeout)[:4]
            total += seconds2
            assert again == 2 and snapshot(root) == after, f"{label}: a second run changed something"
            print(f"{label}: exit {code} in {seconds:.1f} s; {changed} files rewritten, "
                  f"{err.count(': skipped: ')} reported, nothing else touched; a second run: exit {again}, "
                  f"nothing changed, {seconds2:.1f} s", flush=True)
        big = template / "big" / "big.py"
        original = big.read_text()
        program = (ROOT / "tests" / "legacy_programs" / "pyfunc_batch.py").read_text()
        for label, argv_, mark in (("scan", ["scan"], None),
                                   ("migrate --to compat --write", ["migrate", "--to", "compat", "--write"],
                                    "import tfdata_bridge.compat.v1 as tf\n"),
                                   ("migrate --to tfdata --write", ["migrate", "--to", "tfdata", "--write"],
                                    "tf.data.Dataset")):
            copy = work / "big" / (argv_[2] if len(argv_) > 2 else "scan") / "big.py"
            copy.parent.mkdir(parents=True)
            shutil.copy(big, copy)
            code, out, err, seconds = cli(*argv_, str(copy), timeout=args.big_timeout)
            total += seconds
            state = f"exit {code} in {seconds:.1f} s" if code is not None else f"not done in {seconds:.0f} s"
            if code is not None and mark is not None:
                after = copy.read_text()
                assert code == 1 and mark in after and after != original, f"{label}: exit {code}\n{err[-2000:]}"
                assert after.endswith(original[len(program):]), f"{label}: the generated lines changed"
                state += f"; rewritten, the {original.count(chr(10)) - program.count(chr(10)):,} generated lines intact"
            elif code is not None:
                assert code == 0 and "Traceback" not in err, f"{label}: exit {code}\n{err[-2000:]}"
                state += f"; {out.count('tf.compat.v1.')} findings"
            print(f"{label} on the {args.big_lines:,}-line file: {state}", flush=True)
        print(f"total: {total:.1f} s", flush=True)
    finally:
        for locked in work.glob("run*/tree/locked_*"):
            os.chmod(locked, 0o755)
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
