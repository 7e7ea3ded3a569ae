"""Held-out round 35's replay buffer: per-turn enqueue ops (``enq_ops.append(queue.enqueue(input, name=...))``)
whose turn is ``input = make(filename, i)``, ``make`` returning ONE tensor, in another module, its queue's
``shapes=[actors.shape]`` naming that module's own value. The turn's one name is the join's list whatever
``make`` returns (``enqueue_loops.py``), and ``mod.value`` in the join's shapes= is written as the list
function's module's own ``value`` (``join_lists.py``).

The programs of ``r35r_programs/`` (the round's shape in a package, the helper in this module with
``from tensorflow.compat.v1 import train``, a comprehension over ``enumerate``; 2-3 actors, row counts divisible by
the batch size) are migrated as one tree and run against their originals: legacy's threads interleave, so rows
compare as a multiset, batch sizes exactly."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r35r_programs"


@pytest.mark.timeout(500)
def test_the_r35r_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c or "QueueRunner(" in c or ".enqueue(" in c] == [], code
    assert "choose_from_datasets" in code["replay.py"]
    assert "ensure_shape(tf.stack(cols, name='input{}'.format(i)), shape)" in code["actors.py"], code["actors.py"]
    assert "shared_name='replay_buffer' goes" in code["replay.py"]
    assert "choose_from_datasets" in code["single_tensor_same_module_from_import.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end="OutOfRangeError")


LOOP = '''\
import tensorflow.compat.v1 as tf

SHAPE = [2]


def actor(path{params}):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    a, b = tf.decode_csv(line, [[0.0], [0.0]])
    return tf.stack([a, b])


def inputs(paths):
    queue = tf.FIFOQueue(8, [tf.float32], shapes=[SHAPE])
    ops = []
    for i, path in enumerate(paths):
        x = actor(path{arg})
        ops.append(queue.enqueue(x, name='enq_%d' % i))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
{more}    return queue.dequeue_many(4)
'''


def _form(**kw) -> str:
    args = {"params": "", "arg": "", "more": ""}
    args.update(kw)
    return LOOP.format(**args)


def test_one_tensor_per_turn_is_rewritten_as_a_join():
    result = rewrite(_form(), to="tfdata")
    assert not result.refused, result.notes
    assert "choose_from_datasets" in result.code and "FIFOQueue(" not in result.code, result.code


def test_the_turns_tensor_read_beyond_its_enqueue_is_left():
    result = rewrite(_form(more="    tf.summary.histogram('x', x)\n"), to="tfdata")
    assert result.refused and "FIFOQueue" in result.code, result.code


def test_a_turn_reading_the_tensor_of_the_turn_before_is_left():
    result = rewrite(_form(params=", prev", arg=", x"), to="tfdata")
    assert result.refused and "FIFOQueue" in result.code, result.code
