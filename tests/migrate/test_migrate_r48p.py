"""Held-out rounds 48/49's im2txt form, and its variants: a prefetch helper of another module returns its values
queue (`FIFOQueue` for eval, `RandomShuffleQueue` for training, filled by `num_reader_threads` readers' enqueue
ops and a `QueueRunner`); its caller dequeues it once per preprocessing copy into a batch helper's `batch_join`,
or once into a `train.batch`, or hands it to a function of the helper's module that dequeues it once and batches.
Readers and shuffling make the order free: rows are compared as a multiset (each tagged by its input).

- `model_v2_import_package`: the model's module reads `tf` as `tensorflow` (v2), `r48p_lib/inputs.py` as
  `tensorflow.compat.v1` (round 48): the inlined helpers read theirs through an import added under a fresh name;
- `consumer_helper_shuffle`: the queue handed to `ops.batch_rows`, which dequeues it once (round 49), two readers
  into a `RandomShuffleQueue`, the prefetch helper reading its module's logger (read through `ops.log`);
- `caller_dequeues_once`: the helper imported by name, dequeued once by the caller, `from tensorflow.compat.v1
  import train`; `r48p_lib/ops.py`'s helper is called from two modules, so each takes its own copy.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r48p_programs"


@pytest.mark.timeout(500)
def test_the_r48p_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert all("Queue(" not in c and ".dequeue()" not in c for c in code.values()), code
    assert "def prefetch_input_data" not in code["inputs.py"] and "def prefetch_input_data" not in code["ops.py"]
    assert "def batch_rows" not in code["ops.py"] and "def batch_with_dynamic_pad" not in code["inputs.py"]
    assert "import tensorflow.compat.v1 as tf_1" in code["model_v2_import_package.py"]
    assert "ops.log.info(" in code["consumer_helper_shuffle.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset")


def test_a_handed_queue_also_measured_stays(tmp_path):
    """The function handed the returned queue reads it once more (`size()`): not one dequeue, so it stays, and
    so does the helper (a wrong rewrite would drop the size the caller returns)."""
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    lib = (PROGRAMS / "r48p_lib" / "ops.py").read_text().replace(
        "    serialized = input_queue.dequeue()\n",
        "    serialized = input_queue.dequeue()\n    tf.summary.scalar('size', input_queue.size())\n")
    lib = lib.replace("return train.batch([ident, value]", "return input_queue.size(), train.batch([ident, value]")
    main = (PROGRAMS / "consumer_helper_shuffle.py").read_text().replace(
        "ident, value = ops.batch_rows(", "size, (ident, value) = ops.batch_rows(")
    (tmp_path / "r48p_lib").mkdir()
    sources = {str(tmp_path / "r48p_lib" / "__init__.py"): "", str(tmp_path / "r48p_lib" / "ops.py"): lib,
               str(tmp_path / "main.py"): main}
    out = rewrite_tree(sources, root=str(tmp_path))
    assert "def batch_rows" in out[str(tmp_path / "r48p_lib" / "ops.py")].code
    assert "RandomShuffleQueue(" in out[str(tmp_path / "r48p_lib" / "ops.py")].code
    assert "ops.batch_rows(" in out[str(tmp_path / "main.py")].code
