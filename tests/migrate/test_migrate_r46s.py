"""Held-out round 46's forestry form, and its variants: a SequenceExample parsed by
`parse_single_sequence_example` with a context dict and a sequence dict bound above the pipeline (in its function,
or the module's constants), batched with dynamic padding (`padded_batch(n, drop_remainder=True)`). The dicts are
read where they are bound, to find which batched values are SparseTensors (a `VarLenFeature`: serialized in the
element, made again after the batch). One reader thread of one file: the batches compare as they came.

- `module_dicts_train_import`: `from tensorflow.compat.v1 import train`, the module's `CONTEXT_FEATURES` (with a
  `VarLenFeature`) and `SEQUENCE_FEATURES`, parsed positionally; one helper, two callers;
- `class_method_package`: a method of a class in another module (`r46s_lib/stem_input.py`), its dicts bound in the
  method (keyed by the module's names, as im2txt keys them), parsed by keyword;
- `padding_queue_dicts_above`: the dicts above the file queue, the parsed tensors into a PaddingFIFOQueue read by
  `dequeue_many`;
- `join_lengths_sparse_context`: `batch_join` of one list, a `VarLenFeature` in the dict above the file queue and a
  length computed from the sequence (`tf.shape(...)[0]`).

Round 42's food-menu form, a queue filled by the program's own runs of its enqueue ops, each fill drained at once
by `queue.size()` dequeues: each fill initializes one iterator over its rows, its count kept in a variable the
fill sets and each element taken lowers (the size the drain reads).

- `fifo_fills_drained_by_size_package`: a FIFOQueue and a list of `enqueue_many` ops (a comprehension) in a helper
  of another module (`r46s_lib/menus.py`), called twice, drained `while sess.run(queue.size()) > 0`;
- `shuffle_fill_op_drained_own_graph`: `from tensorflow.compat.v1 import RandomShuffleQueue`, positional
  arguments, one op run three times (`fill.run()`) in its own graph, drained by `queue.size().eval()`: the rows
  compare as a multiset.

Round 40's CCTV form, a variable made in the per-element code and read there: the variable stays in the graph,
the dataset batches the rest, and the statements reading it run on each row of the batch (`vectorized_map`).

- `variable_rows_train_import`: `from tensorflow.compat.v1 import train`, `tf.Variable`, two statements over two
  decoded columns, the batch holding one of their names between the columns;
- `variable_rows_get_variable_package`: `get_variable` in a helper of another module (`r46s_lib/levels.py`), a
  fixed-length record reader, the batch unpacked.

Left with the reason: the module's dict changed after it is written (`CONTEXT_FEATURES["length"] = ...`): the
feature a batched value is parsed by is not the one its literal gives.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r46s_programs"


@pytest.mark.timeout(500)
def test_the_r46s_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 8
    assert all("Queue(" not in c and "train.batch(" not in c and ".size()" not in c for c in code.values()), code
    assert "deserialize_many_sparse" in code["module_dicts_train_import.py"], code
    padded = [p for p in programs if "drained" not in p.stem and "variable_rows" not in p.stem]
    assert ".vectorized_map(per_row" in code["levels.py"] and ".vectorized_map(per_row" in code[
        "variable_rows_train_import.py"] and "Variable(" not in code["variable_rows_train_import.py"].split(
        "def per_row")[0].split("def parse_batch")[1].split("file_names")[0], code
    assert len(padded) == 4 and ".padded_batch(" in code["stem_input.py"], code  # (the class keeps its method)
    assert all(".padded_batch(" in code[f"{p.stem}.py"] for p in padded if p.stem != "class_method_package"), code
    assert ".make_initializer(" in code["menus.py"] and ".shuffle(8, seed=3)" in code[
        "shuffle_fill_op_drained_own_graph.py"], code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if "shuffle" in name else "exact",
                                 end=None if "drained" in name else "OutOfRangeError")


def test_a_feature_dict_changed_after_it_is_written_is_left_with_the_reason():
    source = (PROGRAMS / "module_dicts_train_import.py").read_text().replace(
        "SEQUENCE_FEATURES = {", "CONTEXT_FEATURES[\"length\"] = tf.VarLenFeature(tf.int64)\nSEQUENCE_FEATURES = {")
    result = rewrite(source, to="tfdata")
    assert "data.Dataset" not in result.code
    why = " | ".join(n.message for n in result.refused)
    assert "may be a SparseTensor: its feature is not found in a dict written in the pipeline" in why, why


_REQUEUE = '''import tensorflow.compat.v1 as tf


def main(data_dir):
    q = tf.FIFOQueue(5, [tf.string, tf.float32])
    init = q.enqueue_many((["a", "b", "c"], [0.0, 1.0, 2.0]))
    x_id, x = q.dequeue()
    y = x + 1
    q_inc = q.enqueue([x_id, y])
    out = []
    with tf.Session() as sess:
        sess.run(init)
        for _ in range(2):
            sess.run(q_inc)
        for _ in range(sess.run(q.size())):
            out.append(sess.run(q.dequeue()))
    return out
'''


@pytest.mark.parametrize("old, new", [("", ""), ("    y = x + 1\n    q_inc = q.enqueue([x_id, y])\n",
                                                 "    q_inc = q.enqueue(q.dequeue())\n")])
def test_a_queue_that_feeds_itself_stays_with_the_reason(old, new):
    """Round 40's parcel retries: a dequeued element enqueued again (a rotation) is no dataset's order."""
    result = rewrite(_REQUEUE.replace(old, new) if old else _REQUEUE, to="tfdata")
    assert "data.Dataset" not in result.code and "FIFOQueue" in result.code
    why = " | ".join(n.message for n in result.refused)
    assert "puts back what `q`'s own dequeue took" in why, why


@pytest.mark.parametrize("old, new, why", [
    # a drain that may stop early leaves rows the next fill's size counts: no dataset's reinitialization keeps them
    ("                    name, value = sess.run(station)\n",
     "                    name, value = sess.run(station)\n"
     "                    if value > 4:\n                        break\n",
     "a drain may stop before its count"),
    # a drain whose run of the dequeue is chosen by an expression: not one a turn
    ("                    name, value = sess.run(station)\n",
     "                    name, value = sess.run(station) if m < 9 else (b'', 0.0)\n",
     "does not run `station` once a turn"),
    # a dequeue between the fill and its drain: the size is no longer the fill's rows
    ("                fill.run()\n", "                fill.run()\n                sess.run(station)\n",
     "a run of a fill is not followed at once by a drain of its size"),
])
def test_a_drain_by_size_off_the_form_is_left_with_the_reason(old, new, why):
    source = (PROGRAMS / "shuffle_fill_op_drained_own_graph.py").read_text()
    assert old in source
    result = rewrite(source.replace(old, new), to="tfdata")
    assert "data.Dataset" not in result.code and "RandomShuffleQueue(" in result.code
    said = " | ".join(n.message for n in result.refused)
    assert why in said, said


@pytest.mark.parametrize("old, new", [
    # a variable made from the element: one per element, not the model's one
    ("    weight = tf.Variable(2.0, trainable=False, name=\"weight\")\n",
     "    weight = tf.Variable(a, trainable=False, validate_shape=False)\n"),
    # a batched tensor computed on the variable's statements inline: no name the rows bind
    ("    batch = train.batch([a, total, b], batch_size=2)\n",
     "    batch = train.batch([a, total * 2.0, b], batch_size=2)\n"),
    # the rows change the variable: once an element in legacy's order, not once a row of a batch
    ("    scaled = a * weight\n", "    scaled = a * weight.assign_add(a)\n"),
    # an element value the rows read, bound again after them: not the value batched
    ("    total = scaled + b\n", "    total = scaled + b\n    b = b - 1.0\n"),
])
def test_a_variable_off_the_rows_form_keeps_its_refusal(old, new):
    source = (PROGRAMS / "variable_rows_train_import.py").read_text()
    assert old in source
    result = rewrite(source.replace(old, new), to="tfdata")
    assert "data.Dataset" not in result.code and "train.batch(" in result.code
    said = " | ".join(n.message for n in result.refused)
    assert "a dataset read by a one-shot iterator cannot hold a variable" in said, said
