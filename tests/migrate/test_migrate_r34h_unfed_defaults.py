"""Held-out round 34's activity windows: ``input_tensor = tf.placeholder_with_default(packed, shape=[None, 13])``
read by ``input_producer`` was "a placeholder fed at run time", so the pipeline was left. A
``placeholder_with_default`` that no run of the program can feed (its tensor read only by graph-building
TensorFlow calls, no ``feed_dict`` or op name able to reach it: ``unfed_defaults.py``) is its default value, as
legacy's queue runner read it: the producer's tensors (``input_producer``, ``slice_input_producer``,
``batch(enqueue_many=True)``'s in-memory data) are built from it, the one-shot iterator copying the op with its
default. One a run may feed keeps the refusal.

Programs in ``r34h_programs/``: a numpy default shuffled by ``input_producer`` with an ``element_shape``, the name
reused in another function for a placeholder it feeds (a multiset); ``from tensorflow.compat.v1 import
placeholder_with_default`` of a constant sliced with its labels (exact); ``tf.compat.v1.placeholder_with_default``
by name and inline in ``batch(enqueue_many=True)`` (exact); a package's class making it with a ``name=`` spelled
once, two callers (exact)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r34h_programs"
SHUFFLED = {"input_producer_shuffled_numpy"}
ENDS = {"input_producer_shuffled_numpy": "rows done 20.0", "batch_enqueue_many_inline": "two batches",
        "class_package_two_callers": "two sources"}


@pytest.mark.timeout(300)
def test_the_r34h_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert "from_tensor_slices(input_tensor)" in code["input_producer_shuffled_numpy.py"]
    assert "feed_dict={input_tensor:" in code["input_producer_shuffled_numpy.py"]  # (evaluate's own, kept)
    assert "from_tensor_slices((features, labels))" in code["slice_producer_constant_by_name.py"]
    assert "from_tensor_slices(rows)" in code["rows.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        compare = "multiset" if name in SHUFFLED else "exact"
        assert_delivers_the_same(name, want, got, compare, end=ENDS.get(name, "OutOfRangeError"))


PROGRAM = '''\
import numpy as np
import tensorflow.compat.v1 as tf


def main():
    values = np.arange(8, dtype=np.float32)
    input_tensor = tf.placeholder_with_default(values, shape=[None]{name})
    row = tf.train.input_producer(input_tensor, num_epochs=1, shuffle=False).dequeue()
    row_batch = tf.train.batch([row], batch_size=2)
    loss = tf.reduce_sum(input_tensor)
{extra}
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        tf.train.start_queue_runners(sess=sess)
        return sess.run(row_batch), sess.run(loss{feed})
'''


@pytest.mark.parametrize("name, extra, feed", [
    ("", "", ", feed_dict={input_tensor: np.ones(3, np.float32)}"),  # fed in a run
    ("", "    feeds = {}\n    feeds[input_tensor] = values\n", ", feed_dict=feeds"),  # a dict built elsewhere
    ("", "    other = input_tensor\n", ""),  # an alias: a run may feed it
    (", name='rows'", "    got = tf.get_default_graph().get_tensor_by_name('rows:0')\n", ""),  # by its name
])
def test_a_placeholder_with_default_a_run_may_feed_is_refused(name, extra, feed):
    result = rewrite(PROGRAM.format(name=name, extra=extra, feed=feed), to="tfdata")
    assert result.refused
    assert "read a placeholder fed at run time (`tf.placeholder_with_default(values, shape=[None]" in \
        " ".join(" ".join(n.message for n in result.notes).split()), result.notes


def test_the_same_program_unfed_is_rewritten():
    result = rewrite(PROGRAM.format(name="", extra="", feed=""), to="tfdata")
    assert not result.refused, result.notes
    assert "from_tensor_slices(input_tensor)" in result.code
