"""Held-out rounds 27/28's feeding class whose queue is dequeued in another module, through the instance
(``feeder.queue.dequeue_many(n)`` in the program, the class in a package module): in a tree the class is
rewritten as in its own module (the feeding method a generator, the starter making no thread), its queue's
attribute keeps the ``from_generator`` dataset, and the other module's one dequeue reads it
(``make_one_shot_iterator(feeder.queue.batch(n)...).get_next()``). Where the queue is dequeued more than once,
or the instance goes where the rewrite does not follow, the class's module is left, saying why.

The programs of ``r28g_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r28g_programs"


@pytest.mark.timeout(500)
def test_the_r28g_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c or "threading" in c] == [], code
    rows = code["rows_feeder_dequeue_many_in_main.py"]
    assert "feeder.queue\n        .batch(4, drop_remainder=True)" in rows and "thread.join()" not in rows
    assert "feeder.q\n        .prefetch(" in code["seq_feeder_module_import_dequeue.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


def _tree(tmp_path, main: str, text: str, extra: dict[str, str] | None = None):
    root = tmp_path / "tree"
    shutil.copytree(PROGRAMS / "r28g_lib", root / "r28g_lib", ignore=shutil.ignore_patterns("__pycache__"))
    (root / main).write_text(text)
    for name, more in (extra or {}).items():
        (root / name).write_text(more)
    sources = {str(p): p.read_text() for p in sorted(root.rglob("*.py"))}
    results = rewrite_tree(sources, root=str(root))
    return results[str(root / main)], results[str(root / "r28g_lib" / "rows_feeder.py")]


SOURCE = (PROGRAMS / "rows_feeder_dequeue_many_in_main.py").read_text()


@pytest.mark.parametrize("change, said", [
    # two dequeues of the one queue
    (("    total = ", "    x2, y2 = feeder.queue.dequeue_many(2)\n    total = "),
     "`queue` is dequeued through instances of `RowsFeeder` in 2 places"),
    # the queue read other than dequeued
    (("    total = ", "    size = feeder.queue.size()\n    total = "), "reads `feeder.queue` (line"),
    # the instance handed on
    (("    total = ", "    print(feeder)\n    total = "), "passes on or reads whole `feeder`"),
])
def test_a_use_the_rewrite_cannot_follow_leaves_the_class_in_its_module(tmp_path, change, said):
    text = SOURCE.replace(*change)
    assert text != SOURCE
    main, lib = _tree(tmp_path, "main.py", text)
    assert lib.code == lib.source and main.code == text, (lib.notes, main.code)
    refused = " ".join(n.message for n in lib.refused)
    assert said in refused, lib.notes


def test_a_dequeue_in_a_module_the_instance_reaches_unfollowed_leaves_the_class(tmp_path):
    # the instance handed from a module that does not name the class: its dequeue there is not followed
    text = SOURCE.replace("from r28g_lib.rows_feeder import RowsFeeder\n", "from maker import make\n").replace(
        "    feeder = RowsFeeder(3)\n    x, y = feeder.queue.dequeue_many(4)\n", "    feeder = make()\n    x, y = "
        "feeder.queue.dequeue_many(4)\n")
    maker = "from r28g_lib.rows_feeder import RowsFeeder\n\n\ndef make():\n    return RowsFeeder(3)\n"
    main, lib = _tree(tmp_path, "main.py", text, {"maker.py": maker})
    assert lib.code == lib.source and main.code == text, (lib.notes, main.code)
    assert "`RowsFeeder` left: maker.py uses `RowsFeeder` at line 5" in " ".join(n.message for n in lib.refused)


def test_the_class_alone_keeps_saying_its_dequeue_is_elsewhere():
    from tfdata_bridge.migrate import rewrite

    source = (PROGRAMS / "r28g_lib" / "rows_feeder.py").read_text()
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert "a dequeue in another module, through an instance" in " ".join(n.message for n in result.refused)
