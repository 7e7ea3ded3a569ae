"""A feed-thread queue whose function is HANDED its placeholders (held-out rounds 31 and 33's form): the queue's
dtypes/shapes/enqueue are comprehensions over a parameter (a dict, an OrderedDict, a list) that every caller in
the tree hands a holder made statically (a dict / list literal, ``OrderedDict([(k, placeholder), ...])``, a dict
filled by assignments, or one a helper of a third module returns). It was "the queue's dtypes are read from
`placeholders`, which is not a dict or list of placeholders made in the queue's own block". The callers' holders
are read at each call (``feed/handed.py``) and must agree; what cannot be read is refused with the reason.

The programs of ``r33f_programs/`` are migrated as one tree and run against their originals (one feeding thread
into a FIFOQueue: exact order)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r33f_programs"


@pytest.mark.timeout(300)
def test_the_r33f_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 3
    feeding = code["feeding.py"]
    assert "threading" not in feeding and "FIFOQueue" not in feeding
    assert "yield (fed['features'], fed['count'])" in feeding, feeding
    assert "shape=[None, 3], dtype=tf.float32" in feeding and "shape=[None], dtype=tf.int32" in feeding
    assert "import threading" not in code["data_queue.py"] and "tf.FIFOQueue(" not in code["data_queue.py"]
    assert "self.names = list(placeholder_dict.keys())" in code["data_queue.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


PROGRAM = '''\
import collections
import threading

import tensorflow.compat.v1 as tf


def run(phs, rows):
    queue = tf.FIFOQueue(8, dtypes=[p.dtype for p in phs.values()], shapes=[p.get_shape()[1:] for p in phs.values()])
    enqueue_op = queue.enqueue_many(list(phs.values()))
    close_op = queue.close()
    a, b = queue.dequeue_many(2)

    def feed(sess):
        for r in rows:
            sess.run(enqueue_op, feed_dict={{phs[k]: r[k] for k in r}})
        sess.run(close_op)

    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        out = sess.run([a, b])
        t.join()
    return out


def main(rows):
{caller}
'''
DICT = "{'a': tf.placeholder(tf.float32, [None, 2]), 'b': tf.placeholder(tf.int32, [None])}"


def _source(caller):
    return PROGRAM.format(caller=caller)


@pytest.mark.parametrize("caller", [
    f"    phs = {DICT}\n    return run(phs, rows)",
    f"    return run({DICT}, rows)",
    "    return run(collections.OrderedDict([('a', tf.placeholder(tf.float32, [None, 2])), "
    "('b', tf.placeholder(tf.int32, [None]))]), rows)",
    f"    phs = {DICT}\n    run(phs, rows)\n    return run(phs=phs, rows=rows[1:])",
])
def test_the_handed_dict_gives_the_signature_in_its_order(caller):
    result = rewrite(_source(caller), to="tfdata")
    assert not result.refused, result.notes
    assert "shape=[None, 2], dtype=tf.float32" in result.code and "shape=[None], dtype=tf.int32" in result.code
    assert "yield (fed['a'], fed['b'])" in result.code, result.code


def test_an_ordered_dict_in_the_other_order_reads_that_order():
    caller = ("    return run(collections.OrderedDict([('b', tf.placeholder(tf.int32, [None])), "
              "('a', tf.placeholder(tf.float32, [None, 2]))]), rows)")
    result = rewrite(_source(caller), to="tfdata")
    assert not result.refused, result.notes
    assert "yield (fed['b'], fed['a'])" in result.code, result.code


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


@pytest.mark.parametrize("caller, said", [
    (f"    run({DICT}, rows)\n    return run({{'b': tf.placeholder(tf.int32, [None]), "
     "'a': tf.placeholder(tf.float32, [None, 2])}, rows)", "the callers of `run` hand `phs` different placeholders"),
    ("    return run({'a': tf.placeholder(DT, [None, 2]), 'b': tf.placeholder(tf.int32, [None])}, rows)",
     "is not written `tf.<dtype>`"),
    ("    return run({'a': tf.placeholder(tf.float32, [None, N]), 'b': tf.placeholder(tf.int32, [None])}, rows)",
     "is not a literal list of numbers and None"),
    ("    return run(make(), rows)", "is made by `make`, which is not a function of the code migrated"),
    (f"    phs = {DICT}\n    phs.pop('b')\n    return run(phs, rows)", "is used before it is handed"),
    (f"    phs = {DICT}\n    args = (phs, rows)\n    return run(*args)", "`run` is used other than by plain calls"),
    (f"    phs = {DICT}\n    f = run\n    return f(phs, rows)", "`run` is used other than by plain calls"),
    ("    return 0", "`run` is called nowhere in the code migrated"),
    ("    return run({'a': tf.placeholder(tf.float32, [None, 2]), 'b': tf.placeholder(tf.int32, [None]), "
     "'a': tf.placeholder(tf.float32, [None, 2])}, rows)", "hands `phs` a dict that sets a key twice"),
    (f"    return run(make(rows), rows)\n\n\ndef make(rows):\n    if rows:\n        return {DICT}\n    return {DICT}",
     "is made by `make`, which does not end by returning it alone"),
    (f"    return run(make(), rows)\n\n\ndef make():\n    phs = {DICT}\n    phs['c'] = phs['a']\n    return phs",
     "`phs` is filled after it is made whole or read"),
])
def test_what_cannot_be_read_at_the_callers_is_refused_naming_the_rule(caller, said):
    got = _said(_source(caller))
    assert said in got, got


CLASS = '''\
import threading

import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self, phs, rows):
        self.phs = phs
        self.rows = rows
        self.queue = tf.FIFOQueue(8, dtypes=[p.dtype for _, p in self.phs.items()],
                                  shapes=[p.shape[1:] for _, p in self.phs.items()])
        self.enqueue_op = self.queue.enqueue_many([p for _, p in self.phs.items()])

    def thread_main(self, sess):
        for r in self.rows:
            sess.run(self.enqueue_op, feed_dict={{self.phs[k]: v for k, v in r.items()}})

    def start(self, sess):
        t = threading.Thread(target=self.thread_main, args=(sess,))
        t.daemon = True
        t.start()

    def dequeue(self, n):
        return self.queue.dequeue_many(n)


def main(rows):
{caller}
'''


def test_a_class_handed_the_dict_reads_it_at_its_constructor_calls():
    result = rewrite(CLASS.format(caller=f"    return Feeder({DICT}, rows).dequeue(2)"), to="tfdata")
    assert not result.refused, result.notes
    assert "yield (fed['a'], fed['b'])" in result.code, result.code
    assert "shape=[None, 2], dtype=tf.float32" in result.code


def test_a_class_handed_different_dicts_is_refused():
    caller = (f"    Feeder({DICT}, rows)\n    return Feeder({{'a': tf.placeholder(tf.float32, [None, 3]), "
              "'b': tf.placeholder(tf.int32, [None])}, rows).dequeue(2)")
    assert "the callers of `Feeder` hand `phs` different placeholders" in _said(CLASS.format(caller=caller))


def test_a_parameter_read_other_than_as_placeholders_is_not_followed_to_its_callers():
    source = PROGRAM.replace("tf.FIFOQueue(8,", "tf.FIFOQueue(cap.bit_length(),").replace(
        "def run(phs, rows):", "def run(phs, rows, cap):").format(caller=f"    return run({DICT}, rows, 3)")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "yield (fed['a'], fed['b'])" in result.code, result.code
