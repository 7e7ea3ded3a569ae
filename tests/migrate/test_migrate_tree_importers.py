"""A program's modules as ``migrate`` sees them: ``start_queue_runners`` starts every runner of the graph, wherever
its queue was made, so a module whose runners serve a batch that another module builds and a third hands in
(``reading.run_all(batching.make_batch(value, 3))``) keeps its plumbing while that batch is left as legacy (it
was removed, and the migrated program waited forever at its first batch); and a script that names no TensorFlow
API but imports the tree's modules (``from lib import batching, reading``) is part of the tree, so the passes
see its calls.

The programs of ``tree_importers_programs/`` are migrated through the CLI's path (``rewrite_files``) and run
against their originals."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways
from tfdata_bridge._src.migrate.rewriting import _importers_plain, rewrite_files

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "tree_importers_programs"


@pytest.mark.timeout(500)
def test_runners_stay_for_a_batch_another_module_builds_and_the_plain_script_is_in_the_tree(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    for folder in (original, migrated):
        shutil.copytree(PROGRAMS, folder, ignore=shutil.ignore_patterns("__pycache__"))
    paths = sorted(str(p) for p in migrated.rglob("*.py"))
    results = dict(rewrite_files(paths, to="tfdata", write=True))
    reading = (migrated / "importers_lib" / "reading.py").read_text()
    assert "tf.train.string_input_producer(" not in reading and "start_queue_runners" in reading  # (its read rewritten)
    notes = " ".join(n.message for n in results[str(migrated / "importers_lib" / "reading.py")].notes)
    assert "queue-runner plumbing left: `tf.compat.v1.train.batch` at importers_lib/batching.py:5, a module of " \
           "the same program, is still a queue pipeline" in notes, notes
    # the script that imports the tree but names no TensorFlow API is held by the tree
    texts = {p: pathlib.Path(p).read_text() for p in paths if "plain_script" not in p}
    assert list(_importers_plain(paths, texts)) == [str(migrated / "plain_script.py")]
    pairs = {p.stem: (p, migrated / p.name) for p in sorted(original.glob("*.py"))}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=300).items():
        assert_delivers_the_same(name, want, got, "exact", end="done")
