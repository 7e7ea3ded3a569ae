"""Held-out round 49's PhysioNet-style form, and its variants: a parse helper returns its tensors as a tuple (or a
list) bound to a name, which its caller unpacks into the tensors it enqueues into a `PaddingFIFOQueue` run by a
`QueueRunner` and read by `dequeue_many` (`padded_batch(n, drop_remainder=True)` over the elements). One reader
thread of one file: the batches compare as they came.

- `tuple_name_package`: the helper in another module (`r49p_lib/parse.py`), called through its module, returns
  `parsed = (data, length, station)`; the queue's shapes read the module's `WIDTH` (`[None, WIDTH]`);
- `list_name_train_import`: `from tensorflow.compat.v1 import train`, the module's own helper returns
  `res = [levels, station]`, its producer called twice;
- `branch_shapes_two_callers`: round 48's form, a PaddingFIFOQueue made in each branch of an `if` with other dtypes
  and shapes (`[[None, None], []]` in one), its `dequeue_many` returned, called down each branch.

Left with the reason: the tuple's name read again in the helper; two queues of the same tensors with other shapes.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r49p_programs"


@pytest.mark.timeout(500)
def test_the_r49p_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert all("Queue(" not in c and "dequeue_many(" not in c for c in code.values()), code
    assert all(".padded_batch(" in code[f"{p.stem}.py"] for p in programs), code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


def _refused(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert "data.Dataset" not in result.code
    return " | ".join(n.message for n in result.refused)


@pytest.mark.parametrize("old, new, why", [
    # the tuple's name is read again in the helper: not the tuple as written in the return
    ("    return res\n", "    tf.summary.histogram('levels', res[0])\n    return res\n",
     "returns one value that its caller unpacks (`return res`, into 2 names)"),
    # two batches of the same tensors with other shapes: no branch's own work carries them
    ("    q = tf.PaddingFIFOQueue(8, [tf.float32, tf.int64], shapes=[[None], []])\n",
     "    if batch_size > 2:\n        q = tf.PaddingFIFOQueue(8, [tf.float32, tf.int64], shapes=[[None], []])\n"
     "    else:\n        q = tf.PaddingFIFOQueue(8, [tf.float32, tf.int64], shapes=[[5], []])\n",
     "is chosen by a branch: `q` is made in each branch of `if batch_size > 2`"),
])
def test_a_form_off_the_followed_ones_is_left_with_the_reason(old, new, why):
    source = (PROGRAMS / "list_name_train_import.py").read_text().replace(
        "    res = [tf.reshape(sequence[\"data\"], [-1]) * 10.0, context[\"station\"]]\n",
        "    res = (tf.reshape(sequence[\"data\"], [-1]) * 10.0, context[\"station\"])\n")
    changed = source.replace(old, new)
    assert changed != source
    said = _refused(changed)
    assert why in said, said
