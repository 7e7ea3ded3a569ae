"""Held-out round 26's replay buffer: a queue filled by one enqueue op per turn of a loop, each turn's op over a
pipeline of its own (an actor per shard), run by one ``QueueRunner`` and read by ``dequeue_many`` /
``dequeue_up_to``. It is the join of the turns' lists (``enqueue_loops.py``), then each list's function returns
its dataset and the join chooses from them (``join_lists.py``); the queue's ``shapes=`` set on each element.

The programs of ``r26d_programs/`` (the round's shape; a comprehension over a reader in another module with
``dequeue_up_to``; a RandomShuffleQueue over shards read under a name scope, ``from tensorflow.compat import v1``)
are migrated as one tree and run against their originals: legacy's threads interleave, so rows compare as a
multiset, batch sizes exactly. What the form cannot carry is left, with the reason."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r26d_programs"


@pytest.mark.timeout(500)
def test_the_r26d_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "Queue(" in c or "QueueRunner(" in c or ".enqueue(" in c] == [], code
    assert "choose_from_datasets" in code["replay_buffer_actor_loop.py"]
    assert "ensure_shape(tf.stack([o0, o1, o2]), shape)" in code["replay_buffer_actor_loop.py"]
    assert 'shared_name="replay_buffer" goes' in code["replay_buffer_actor_loop.py"]
    assert ".shuffle(" in code["random_shuffle_loop_v1_from_import.py"]
    assert "drop_remainder=True" in code["random_shuffle_loop_v1_from_import.py"]
    assert "drop_remainder=False" in code["comprehension_helper_other_module.py"]  # (dequeue_up_to: the tail kept)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end="OutOfRangeError")


LOOP = '''\
import tensorflow.compat.v1 as tf


def actor(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    a, b = tf.decode_csv(line, [[0.0], [0.0]])
    return a, b


def inputs(paths{params}):
    queue = tf.FIFOQueue(8, [tf.float32, tf.float32], shapes={shapes})
    ops = []
    for path in paths:
        a, b = actor(path{arg})
        ops.append(queue.enqueue([a, b]))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
{more}    return queue.{dequeue}
'''


def _run(source: str):
    return rewrite(source, to="tfdata")


def _form(**kw) -> str:
    args = {"params": "", "shapes": "[[], []]", "arg": "", "more": "", "dequeue": "dequeue_many(4)"}
    args.update(kw)
    return LOOP.format(**args)


def test_the_loop_form_is_rewritten_as_a_join():
    result = _run(_form())
    assert not result.refused, result.notes
    assert "choose_from_datasets" in result.code and "FIFOQueue(" not in result.code, result.code


def test_a_queue_used_beyond_its_ops_and_dequeue_is_left_saying_why():
    result = _run(_form(more="    tf.summary.scalar('size', queue.size())\n"))
    assert result.refused and "FIFOQueue" in result.code
    said = " ".join(n.message for n in result.notes)
    assert "filled by an enqueue op made in each turn of the loop at line 14" in said, said
    assert "only where each turn is one call of a function that makes its whole pipeline" in said, said


def test_a_tensor_of_a_turn_read_beyond_its_enqueue_is_left():
    result = _run(_form(more="    tf.summary.histogram('a', a)\n"))
    assert result.refused and "FIFOQueue" in result.code, result.code


def test_a_turn_reading_the_tensors_of_the_turn_before_is_left():
    source = _form(arg=", b", params=", b").replace("def actor(path)", "def actor(path, prev)")
    result = _run(source)
    assert result.refused and "FIFOQueue" in result.code, result.code


def test_shapes_naming_a_local_of_the_caller_are_not_moved_into_the_list_function():
    result = _run(_form(params=", width", shapes="[[], [width][:0]]"))
    assert result.refused and "FIFOQueue" in result.code, result.code


def test_a_plain_dequeue_is_left():
    result = _run(_form(dequeue="dequeue()"))
    assert result.refused and "FIFOQueue" in result.code, result.code


def test_a_runner_kept_in_a_name_then_added_is_the_same_form():
    source = _form().replace("    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))\n",
                             "    qr = tf.train.QueueRunner(queue=queue, enqueue_ops=ops)\n"
                             "    tf.train.queue_runner.add_queue_runner(qr)\n")
    result = _run(source)
    assert not result.refused, result.notes
    assert "QueueRunner(" not in result.code and "choose_from_datasets" in result.code, result.code


def test_enqueue_many_per_turn_unbatches_each_list():
    source = _form().replace("ops.append(queue.enqueue([a, b]))", "ops.append(queue.enqueue_many([a, b]))")
    source = source.replace("    return a, b\n", "    return tf.reshape(a, [1]), tf.reshape(b, [1])\n")
    result = _run(source)
    assert not result.refused, result.notes
    assert ".unbatch()" in result.code, result.code


def test_a_shared_name_another_session_may_reach_is_said_with_the_loop():
    source = _form(more="    tf.Session('grpc://localhost:2222')\n").replace(
        "shapes=[[], []])", "shapes=[[], []], shared_name='replay')")
    result = _run(source)
    assert result.refused and "FIFOQueue(" in result.code, result.code
    said = " ".join(n.message for n in result.notes)
    assert "filled by an enqueue op made in each turn of the loop" in said, said
    assert "shared_name='replay')` shares the queue" in said, said


def test_a_plain_dequeue_batched_whole_by_train_batch_is_the_join():
    source = _form(dequeue="dequeue()\n").replace(
        "    return queue.dequeue()\n",
        "    a, b = queue.dequeue()\n    return tf.train.batch([a, b], 4, capacity=12, allow_smaller_final_batch=True)\n")
    result = _run(source)
    assert not result.refused, result.notes
    assert "choose_from_datasets" in result.code and ".batch(4, drop_remainder=False)" in result.code, result.code


def test_a_plain_dequeue_with_ops_before_the_batch_is_left():
    source = _form(dequeue="dequeue()\n").replace(
        "    return queue.dequeue()\n",
        "    a, b = queue.dequeue()\n    a = a * 2.0\n    return tf.train.batch([a, b], 4)\n")
    result = _run(source)
    assert result.refused and "FIFOQueue(" in result.code, result.code
