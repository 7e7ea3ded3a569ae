"""Held-out round 43's framework-style feeders: a queue whose dtypes are COMPUTED from the placeholders the
rewrite follows (``[tf.float32] * len(phs)``, a comprehension plus a literal list, a name bound once to such a
value), a feeder class handed its placeholders that calls ``super(Cls, self).__init__()`` (no caller: it was
"`BaseFeeder` is used other than by plain calls"), and a queue taken from what a call returns
(``A.getfw().RandomShuffleQueue``), which was left with no word and now says why.

The programs of ``r43f_programs/`` are migrated as one tree and run against their originals (one feeding thread
into a FIFOQueue: exact order)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r43f_programs"


@pytest.mark.timeout(300)
def test_the_r43f_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "FIFOQueue(" in c] == [], code
    assert "inputs_type" not in code["added_dtypes_in_block.py"] and \
        "feature_types" not in code["added_dtypes_in_block.py"], code["added_dtypes_in_block.py"]
    assert "dtypes = " not in code["feeder.py"], code["feeder.py"]
    assert "import FIFOQueue" not in code["dict_keyed_comprehensions.py"] and \
        "inputs_type" not in code["dict_keyed_comprehensions.py"], code["dict_keyed_comprehensions.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


PROGRAM = '''\
import threading

import tensorflow.compat.v1 as tf


def run(rows):
    phs = [tf.placeholder(tf.float32, [None, 2]), tf.placeholder(tf.int32, [None])]
    {bind}
    queue = tf.FIFOQueue(8, dtypes={dtypes}, shapes=[[2], []])
    enqueue_op = queue.enqueue_many(phs)
    close_op = queue.close()
    batch = queue.dequeue_many(2)

    def feed(sess):
        for x, y in rows:
            sess.run(enqueue_op, feed_dict={{phs[0]: x, phs[1]: y}})
        sess.run(close_op)

    sess = tf.Session()
    threading.Thread(target=feed, args=(sess,)).start()
    return sess.run(batch)
'''


@pytest.mark.parametrize("bind, dtypes", [
    ("pass", "[tf.float32] + [p.dtype for p in phs][1:]"),  # (a slice of a computed list: not read)
    ("types = [tf.float32]\n    types.append(tf.int32)", "types + []"),  # (a name changed after it is bound)
    ("pass", "[tf.float32] * n_inputs"),  # (a count known only when the program runs)
    ("pass", "[make_dtype()] * 2"),  # (a call repeated: not the value legacy built once)
])
def test_dtypes_that_cannot_be_known_when_migrating_are_left_with_the_reason(bind, dtypes):
    result = rewrite(PROGRAM.format(bind=bind, dtypes=dtypes), to="tfdata")
    assert result.refused and "FIFOQueue(" in result.code, result.code
    said = " ".join(n.message for n in result.notes)
    assert "the queue's dtypes `" in said and "are not a literal list" in said, said


def test_dtypes_a_multiplied_literal_and_a_sum_bound_once_are_read():
    for bind, dtypes in [("pass", "[tf.float32, tf.int32] * 1"),
                         ("head = [tf.float32]\n    types = head + [tf.int32]", "types")]:
        result = rewrite(PROGRAM.format(bind=bind, dtypes=dtypes), to="tfdata")
        assert not result.refused, result.notes
        assert "FIFOQueue(" not in result.code and "types = " not in result.code and "head = " not in result.code, \
            result.code


def test_a_queue_taken_from_what_a_call_returns_is_said_at_its_call():
    source = ("import tensorflow as _tf\n\n\ndef getfw():\n    return _tf.compat.v1\n\n\n"
              "def make(dtypes):\n    return getfw().RandomShuffleQueue(capacity=4, min_after_dequeue=0, "
              "dtypes=dtypes)\n")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    [note] = result.refused
    assert note.line == 9 and "`getfw().RandomShuffleQueue` is taken from what `getfw()` returns" in note.message
