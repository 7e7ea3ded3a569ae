"""A module the rewrite writes tf.data into that imports no ``tensorflow.compat.v1`` alias: it is given one.

Real code imports TensorFlow's queue APIs by name (``from tensorflow.compat.v1 import train``, ``from
tensorflow.compat.v1.train import batch, string_input_producer``) or through ``from tensorflow import compat``;
a batch helper's module of that kind was refused ("imports no `tensorflow.compat.v1` alias to write tf.data
with"), and so was a module whose ``tf`` names something else. Both the module's own rewrite and a helper turned
there for another module's callers now ask ``calls.v1_spelling``: the module's own spelling
(``compat.v1`` for ``from tensorflow import compat``), else ``import tensorflow.compat.v1 as tf`` added, or
``tf1`` where ``tf`` is taken; the imports left unused go.

Programs in ``r32t_programs/``: a package whose helpers' modules import ``from tensorflow.compat.v1 import
train`` (two callers, in order), ``from tensorflow.compat.v1.train import shuffle_batch`` with ``tf`` naming a
module of the package (a multiset), ``from tensorflow import compat`` (in order); one module importing only names
(a batch helper with two callers); a ``batch_join`` over lists another such module's function makes (a
multiset); ``tf`` a local module, an inline batch and a class's shuffle batch; ``import
tensorflow as tf`` spelling ``tf.compat.v1.`` (written ``tf.compat.v1.data``: ``make_one_shot_iterator`` is no
``tf.data`` name in TF2). ``scan --check`` finds nothing left in the migrated tree."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from both_ways import ROOT, assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r32t_programs"
# (the join: its batches as a multiset; the others give their shuffled rows sorted, as one last batch: exact)
SHUFFLED = {"pkg_join_lists_no_alias"}


@pytest.mark.timeout(300)
def test_the_r32t_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    batching = code["batching.py"]
    assert batching.startswith("import tensorflow.compat.v1 as tf\n"), batching
    assert "from tensorflow.compat.v1 import train" not in batching
    assert "def make_batch(dataset, batch_size):" in batching
    shuffling = code["shuffling.py"]
    assert "import tensorflow.compat.v1 as tf1\n" in shuffling and "shuffle_batch" not in shuffling
    assert "from r32t_lib import tools as tf\n" in shuffling
    assert "tf1.data.make_one_shot_iterator(" in shuffling
    assert "compat.v1.data.make_one_shot_iterator(" in code["compat_batching.py"]
    assert "import tensorflow.compat.v1 as tf\n" not in code["compat_batching.py"]
    taken = code["tf_names_a_local_module.py"]
    assert "import tensorflow.compat.v1 as tf1\n" in taken and "tf1.data.Dataset.from_tensor_slices(" in taken
    names = code["main_from_train_import.py"]
    assert "import tensorflow.compat.v1 as tf\n" in names
    assert "tensorflow.compat.v1.train import" not in names  # (unread: the dataset's `.batch(` is no read)
    assert "tf.compat.v1.data.make_one_shot_iterator(" in code["tf2_style_compat_v1.py"]
    lines = code["lines.py"]  # (a join's list function: ``join_lists.home_generator`` asks the same)
    assert "import tensorflow.compat.v1 as tf\n" in lines and "return dataset" in lines
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    scan = subprocess.run([sys.executable, "-m", "tfdata_bridge", "scan", "--check", str(migrated)],
                          capture_output=True, text=True, timeout=120, env=env)
    assert scan.returncode == 0, scan.stdout + scan.stderr
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")
