"""A hand-built queue typed by the tensors it holds: ``tf.FIFOQueue(cap, dtypes=[code.dtype], shapes=[code.
get_shape()])``, filled by a ``QueueRunner`` and read by ``dequeue_many`` / ``dequeue_up_to`` (held-out round 66:
the entropy coder's ``code_loader``). Those reads of ``.dtype`` / ``.shape`` / ``.get_shape()`` are graph-building
metadata in the constructor the rewrite removes, so they no longer keep the per-element statements out of the map
function (``Finder.pipeline(static=...)``). A py_func's queue whose ``shapes=`` read its output is still left: the
shapes would be written where the generator is made, out of reach of the output's name.

Also from round 66 (magenta's ``style_image_inputs``): an ``if`` on Python flags between the read and the batch
whose branches set shapes and nest ``if``s of the same form moves into the map function whole; and a k-reader
examples queue chosen by ``if shuffle:`` inside a ``with tf.name_scope(...)`` block is the chosen queue it is
outside one; and one reader's prefetch queue with no readers' loop (``ops = [queue.enqueue([value])]``) is the
k-reader form with k = 1 (a reader used beyond its read keeps the queue); and a choice between a batch and the
elements one per run (``if batch_size is None:``) whose branches read a Python list of tensors and whose batch
branch unpacks the batch into the element names again (``image, label = rows[:2]``).

The programs of ``r66d_programs/`` (a package helper with a PaddingFIFOQueue, a class with two runner threads
importing ``train`` by name, a helper called twice over a RandomShuffleQueue, a package helper resizing under
nested flags called three times, batched or not, a class choosing its queue in a name scope, one reader
prefetched with no loop) run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r66d_programs"
COMPARE = {"padded_strokes_package": "exact", "tile_class_two_threads": "multiset", "shuffled_two_callers": "multiset",
           "flagged_resize_two_callers": "exact", "scoped_queue_choice_class": "multiset",
           "one_reader_prefetch_listed": "exact"}
ENDS = {"shuffled_two_callers": "steps", "flagged_resize_two_callers": "steps", "scoped_queue_choice_class": "rows: 32"}


@pytest.mark.timeout(300)
def test_queues_typed_by_their_tensors_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    assert all("Queue(" not in c and "dtypes=" not in c for c in code.values()), code
    assert ".padded_batch(" in code["strokes.py"] and ".shuffle(20, seed=7)" in code["shuffled_two_callers.py"]
    programs = sorted(original.glob("*.py"))
    assert "        if size:\n            if crop:\n" in code["patches.py"]  # (the nested ``if`` moved whole)
    assert "        sides = list(sides)\n        patch = tf.expand_dims(patch, 0)\n" in code["patches.py"]
    assert "            if self.shuffle:\n                records_2 = records_2.shuffle(16, seed=3)\n" in \
        code["scoped_queue_choice_class.py"]  # (the queue chosen in a ``with`` block: the chain keeps the choice)
    assert len(programs) == 6
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE[name], end=ENDS.get(name, "OutOfRangeError"))


PY_FUNC = '''import numpy as np
import tensorflow.compat.v1 as tf


def rows(n):
    def draw():
        return np.ones([2], np.float32)
    row = tf.py_func(draw, [], tf.float32)
    q = tf.FIFOQueue(8, dtypes=[row.dtype], shapes=[SHAPES])
    op = q.enqueue([row])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [op]))
    return q.dequeue_many(n)
'''


def test_a_py_func_queue_whose_shapes_read_its_output_is_left_with_the_reason():
    said = " | ".join(n.message for n in rewrite(PY_FUNC.replace("SHAPES", "row.get_shape()"), to="tfdata").refused)
    assert "the queue's `shapes=` reads `row`, which the `py_func` binds" in said, said
    # literal shapes: the generator's element shapes, and `row.dtype` no longer keeps it out
    result = rewrite(PY_FUNC.replace("SHAPES", "[2]"), to="tfdata")
    assert not result.refused and "from_generator" in result.code, result.code


@pytest.mark.parametrize("old, new, why", [
    # the inner test's flag is set again before the batch, where the map function would read it
    ("    patch = tf.cast(patch, tf.float32) / 255.0\n",
     "    patch = tf.cast(patch, tf.float32) / 255.0\n    crop = not crop\n",
     "`crop`, read by the `if` that chooses the batched names, is assigned again before the batch"),
    # the inner branch does more than assign and set shapes: a summary is not carried into the map function
    ("            patch.set_shape([size, size, 1])\n",
     "            patch.set_shape([size, size, 1])\n            tf.summary.image('patch', patch[None])\n",
     "`patch` gets a new value inside a `if` statement"),
])
def test_a_nested_if_off_the_form_is_left_with_the_reason(old, new, why):
    source = (PROGRAMS / "r66d_lib" / "patches.py").read_text()
    changed = source.replace(old, new)
    assert changed != source
    result = rewrite(changed, to="tfdata")
    said = " | ".join(n.message for n in result.refused)
    assert "data.Dataset" not in result.code and why in said, said


def test_one_readers_prefetch_whose_reader_is_read_elsewhere_is_left_with_the_reason():
    source = (PROGRAMS / "one_reader_prefetch_listed.py").read_text()
    changed = source.replace("        staged = staging.dequeue()\n",
                             "        staged = staging.dequeue()\n        tf.summary.scalar('n', reader.num_records_produced())\n")
    assert changed != source
    result = rewrite(changed, to="tfdata")
    said = " | ".join(n.message for n in result.refused)
    assert "data.Dataset" not in result.code and "the reader `reader` is used beyond its one read" in said, said
