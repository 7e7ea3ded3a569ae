"""``migrate --to compat`` over a tree: a converted module that star-imports another module of the tree
(``from .layers import *``, ``from starlib.layers import *``) gets that module's ``tf`` back over its own drop-in
import, so its reader was TensorFlow's own, reading the drop-in's file queue (held-out round 69's SEGAN loader:
``TypeError: ... has no queue resource``). The star-imported modules' ``tensorflow.compat.v1`` imports now become
the drop-in's too (``rewriting._star_imported_compat``), transitively; a star-imported module without TensorFlow
is left alone. The programs of ``compat_star_programs/`` run against their originals."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways
from tfdata_bridge._src.migrate.rewriting import rewrite_files

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "compat_star_programs"


@pytest.mark.timeout(300)
def test_a_star_imported_module_of_a_converted_one_names_the_drop_in_too(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    for folder in (original, migrated):
        shutil.copytree(PROGRAMS, folder, ignore=shutil.ignore_patterns("__pycache__"))
    paths = sorted(str(p) for p in migrated.rglob("*.py"))
    results = {pathlib.Path(p).relative_to(migrated).as_posix(): r
               for p, r in rewrite_files(paths, to="compat", write=True)}
    assert "import tfdata_bridge.compat.v1 as tf" in results["starlib/layers.py"].code  # star-imported by both
    assert "drop-in" in results["starlib/layers.py"].notes[0].message
    assert "from tfdata_bridge.compat import v1 as tf" in results["plainlib/absolute.py"].code
    assert not results["plainlib/consts.py"].changed  # (no TensorFlow in it)
    pairs = {p.stem: (p, migrated / p.name) for p in sorted(original.glob("*.py"))}
    assert len(pairs) == 2
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", make_data=False).items():
        assert "error" not in got, got
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")


def test_a_module_star_importing_nothing_of_the_tree_is_converted_alone(tmp_path):
    (tmp_path / "a.py").write_text("import tensorflow.compat.v1 as tf\nfrom os.path import *\n"
                                   "q = tf.train.string_input_producer(['x'])\n")
    (tmp_path / "b.py").write_text("import tensorflow.compat.v1 as tf\nX = tf.constant(1)\n")
    results = {pathlib.Path(p).name: r for p, r in rewrite_files(sorted(map(str, tmp_path.glob("*.py"))), "compat")}
    assert results["a.py"].changed and not results["b.py"].changed
