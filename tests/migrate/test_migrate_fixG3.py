"""Hand-built tutorial queues ("TensorFlow queuing and threads"): a filename ``FIFOQueue`` filled by one runner
thread's ``enqueue_many`` of ``limit_epochs`` names, made in a helper that returns it (called by name, or inline
in the reader's call), is read as the ``string_input_producer`` it is (``hand_producers.py``); a batch helper's
hand-built ``RandomShuffleQueue``/``FIFOQueue`` whose ``shapes`` are its tensors' own static shapes (a local
``shapes = [image.get_shape(), ...]``, or ``t.shape``) batches the caller's dataset; a reader helper storing the
record key on an attribute nobody reads drops it. The programs of ``fixG3_programs/`` (one a package's helpers)
are migrated as one tree and run against their originals; the two-thread filename queue (names out of order) is
left with its note."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixG3_programs"
REWRITTEN = {"helper_names_queue_shuffle_queue_helper": "multiset", "compat_names_queue_fifo_batch_queue": "exact",
             "inline_queues_shapes_local": "multiset"}


@pytest.mark.timeout(300)
def test_hand_built_tutorial_queues_become_tf_data(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    for name in REWRITTEN:
        code, notes = out[f"{name}.py"]
        code = "\n".join(line for line in code.split('"""', 2)[-1].splitlines() if not line.lstrip().startswith("#"))
        assert "left unchanged" not in notes and "Queue(" not in code and "QueueRunner" not in code, (name, notes)
        assert ".data." in code and "get_shape" not in code and "limit_epochs" not in code, name
    assert ".shuffle(20, seed=5)" in out["helper_names_queue_shuffle_queue_helper.py"][0]
    assert ".shuffle(" not in out["compat_names_queue_fifo_batch_queue.py"][0]  # (a FIFOQueue keeps the order)
    assert "row.key" not in out["helper_names_queue_shuffle_queue_helper.py"][0]  # (the unread key, gone)
    left_code, left_notes = out["two_thread_names_queue_left.py"]
    assert "QueueRunner(q, [op] * 2)" in left_code and "left unchanged" in left_notes, left_notes
    pairs = {n: (original / f"{n}.py", migrated / f"{n}.py") for n in REWRITTEN}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, REWRITTEN[name], end="OutOfRangeError")


def test_a_returned_queue_helper_spelled_otherwise_is_rewritten_to_a_producer():
    import libcst as cst

    from tfdata_bridge._src.migrate.hand_producers import hand_queue_forms

    source = '''
import tensorflow.compat.v1 as v1


def names(files):
    queue = v1.queue.FIFOQueue(capacity=5, dtypes=[v1.string])
    op = queue.enqueue_many([v1.train.limit_epochs(v1.constant(files), num_epochs=3)])
    runner = v1.train.queue_runner.QueueRunner(queue, [op])
    v1.train.queue_runner.add_queue_runner(runner)
    return queue
'''
    module = cst.parse_module(source)
    code = hand_queue_forms(module).code
    assert "queue = v1.train.string_input_producer(v1.constant(files), num_epochs=3, shuffle=False, capacity=5)" \
        in code, code
    assert "QueueRunner" not in code and "enqueue_many" not in code
    untouched = cst.parse_module("import tensorflow.compat.v1 as tf\n\ndef f(q):\n    return q.dequeue()\n")
    assert hand_queue_forms(untouched) is untouched  # (nothing hand-built: the same module, not walked)
