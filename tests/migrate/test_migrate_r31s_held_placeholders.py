"""A feed thread's queue whose dtypes, shapes and enqueue are read from the placeholders it is fed through
(held-out round 31's stock windows): ``FIFOQueue(c, dtypes=[ph.dtype for _, ph in d.items()], shapes=[ph.get_shape()[1:]
for ...])``, ``enqueue_many([ph for ph in d.values()])``, was "the queue's dtypes are not a literal list". The
placeholders held by one name of the block (a dict literal, a dict filled by assignments or by a loop over a
literal names list, a list) are read one by one, in the dict's insertion order (legacy's), and fed as
``d['k']`` / ``phs[j]``, by a literal dict, ``dict(zip(...))`` or a dict comprehension. What cannot be read so
is refused, the note naming the rule.

The programs of ``r31s_programs/`` are migrated as one tree and run against their originals (a single feeding
thread into a FIFOQueue: exact order)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r31s_programs"


@pytest.mark.timeout(300)
def test_the_r31s_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert all("threading" not in c and "placeholder" not in c for c in code.values()), code
    assert "yield (fed['volume'], fed['window'], fed['target'])" in code["dict_items_module_feeder.py"]
    assert "yield (fed['target'], fed['volume'])" in code["dict_loop_names_comprehension_feed.py"]
    assert "yield (fed['window'], fed['target'])" in code["class_self_dict_assigned.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


PROGRAM = '''\
import threading

import tensorflow.compat.v1 as tf


def main(rows):
{made}
    queue = tf.FIFOQueue(8, dtypes={dtypes}, shapes={shapes})
    enqueue_op = queue.enqueue_many({enqueued})
    close_op = queue.close()
    a, b = queue.dequeue_many(2)

    def feed(sess):
        for r in rows:
            sess.run(enqueue_op, feed_dict={feed})
        sess.run(close_op)

    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        out = sess.run([a, b])
        t.join()
    return out
'''
DICT = "    phs = {'a': tf.placeholder(tf.float32, [None, 2]), 'b': tf.placeholder(tf.int32, [None])}"
VALUES = "[p.dtype for p in phs.values()]"
SHAPES = "[p.get_shape()[1:] for p in phs.values()]"


def _source(made=DICT, dtypes=VALUES, shapes=SHAPES, enqueued="list(phs.values())",
            feed="{phs[k]: r[k] for k in r}"):
    return PROGRAM.format(made=made, dtypes=dtypes, shapes=shapes, enqueued=enqueued, feed=feed)


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


def test_the_signature_is_the_placeholders_in_the_dicts_order():
    result = rewrite(_source(), to="tfdata")
    assert not result.refused, result.notes
    assert "shape=[None, 2], dtype=tf.float32" in result.code and "shape=[None], dtype=tf.int32" in result.code
    assert "yield (fed['a'], fed['b'])" in result.code, result.code


@pytest.mark.parametrize("change, said", [
    ({"shapes": "[p.get_shape()[1:] for p in phs.values() if p.dtype != tf.string]"},
     "a comprehension over the placeholders is read only as"),
    ({"made": "    phs = {'a': tf.placeholder(tf.float32, None), 'b': tf.placeholder(tf.int32, [None])}"},
     "the queue reads the shape of `phs['a']`, which is not a literal list"),
    ({"made": "    phs = {}\n    for k in ['a', 'b']:\n        phs[k] = tf.placeholder(DT[k], [None])"},
     "the loop filling `phs` is not `for k in [literal keys]: phs[k] = placeholder(...)`"),
    ({"enqueued": "[phs['b'], phs['a']]"}, "enqueue does not take a literal list of placeholders"),
    ({"enqueued": "[p for p in reversed(list(phs.values()))]"}, "enqueue does not take a literal list"),
    ({"feed": "{v: r[k] for k, v in phs.items()}"},
     "the feed_dict comprehension is not keyed by the dict (list) of the enqueued placeholders"),
    ({"feed": "dict(zip(phs, [r['a'], r['b']]))"}, "the feeding function runs something other than the enqueue"),
    ({"feed": "{phs[k]: v for k, v in r.items() if k in phs}"}, "`feed` reads `phs` beyond feeding its placeholders"),
    ({"made": "    phs = {}\n    phs['a'] = tf.placeholder(tf.float32, [None, 2])\n    n = len(phs)\n"
              "    phs['b'] = tf.placeholder(tf.int32, [None])"}, "`phs` is filled after it is made whole or read"),
    ({"made": DICT + "\n    phs['c'] = tf.placeholder(tf.int32, [None])"}, "`phs` is filled after it is made whole"),
    ({"made": "    phs = make_placeholders()"},
     "the queue's dtypes are read from `phs`, which is not a dict or list of placeholders made in the queue's own"),
])
def test_what_cannot_be_read_is_refused_naming_the_rule(change, said):
    got = _said(_source(**change))
    assert said in got, got


def test_the_dict_read_elsewhere_is_refused():
    source = _source().replace("    return out", "    return out, phs['a']")
    assert "`phs` is used outside the queue and its feeding function" in _said(source)
