"""Held-out round 31's chunked feeder: a feeding function or method that runs the same enqueue at several sites
(in its loop when a chunk fills, in nested ifs, once after the loop for the remainder) becomes a generator with a
``yield`` of the same structure at each site, legacy's element order being the order of those runs; the close
is the generator's end (or there is none), ``with coord.stop_on_exception():`` goes (an exception in the
generator reaches the consumer at ``get_next``). Sites feeding other placeholders, another op, or a run in a
function defined inside the feeder are refused with a note.

The programs of ``r31c_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r31c_programs"
ENDS = {"enqueue_two_sites_nested_ifs": "read 6", "captcha_class_package": "generator exhausted after 4 steps"}


@pytest.mark.timeout(500)
def test_the_r31c_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "Queue(" in c or "threading" in c] == [], code
    assert code["chunked_function_thread.py"].count("yield (ids, np.stack(vals))") == 2
    assert "yield (-i, 'odd')" in code["enqueue_two_sites_nested_ifs.py"]  # (the placeholders' order)
    assert "stop_on_exception" not in code["generator.py"] and ".unbatch()" in code["generator.py"]
    assert "the coordinator's exception guard around the loop goes: an exception in the generator reaches" in \
        " ".join(code["generator.py"].split()).replace("# ", "")
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS.get(name, "OutOfRangeError"))


FEEDER = '''\
import threading

import tensorflow.compat.v1 as tf


def feed(sess, op, a, b, close):
    chunk = []
    for i in range(7):
        chunk.append(i)
        if len(chunk) == 3:
            {first}
            chunk = []
    if chunk:
        {second}
    sess.run(close)


def main():
    a = tf.placeholder(tf.int64, [None])
    b = tf.placeholder(tf.int64, [None])
    other = tf.placeholder(tf.int64, [None])
    q = tf.FIFOQueue(8, [tf.int64, tf.int64], shapes=[[], []])
    op = q.enqueue_many([a, b])
    close = q.close()
    x = q.dequeue_many(2)
    with tf.Session() as sess:
        threading.Thread(target=feed, args=(sess, op, a, b, close)).start()
        return sess.run(x)
'''
SITE = "sess.run(op, feed_dict={a: chunk, b: chunk})"


def _result(first: str, second: str):
    return rewrite(FEEDER.format(first=first, second=second), to="tfdata")


def test_two_sites_of_the_same_feed_become_two_yields():
    result = _result(SITE, SITE)
    assert not result.refused, result.notes
    assert result.code.count("yield (chunk, chunk)") == 2, result.code
    said = " ".join(n.message for n in result.notes)
    assert "its enqueue, run at 2 sites, is a yield at each, in the order legacy ran them" in said, said


def test_a_site_feeding_other_placeholders_is_left():
    result = _result(SITE, "sess.run(op, feed_dict={a: chunk})")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "the feed_dict does not feed exactly the enqueued placeholders" in said, said


def test_a_site_running_another_op_is_left():
    source = FEEDER.format(first=SITE, second="sess.run(op2, feed_dict={a: chunk, b: chunk})").replace(
        "def feed(sess, op, a, b, close):", "def feed(sess, op, a, b, close, op2=None):")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    assert "`op2` goes beyond the enqueue and close" in " ".join(n.message for n in result.notes)


def test_an_enqueue_run_in_a_function_defined_in_the_feeder_is_left():
    nested = "def put():\n                " + SITE + "\n            put()"
    result = _result(nested, SITE)
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "in a function defined inside it" in said, said


INNER = '''\
import threading

import tensorflow.compat.v1 as tf


def main():
    a = tf.placeholder(tf.int64, [None])
    q = tf.FIFOQueue(8, [tf.int64], shapes=[[]])
    op = q.enqueue_many([a])
    close = q.close()
    x = q.dequeue_up_to(2)

    def feed(sess):
        chunk = []
        for i in range(7):
            chunk.append(i)
            if len(chunk) == 3:
                sess.run(op, feed_dict={a: chunk})
                chunk = []
        if chunk:
            sess.run(op, feed_dict={a: chunk})
        sess.run(close)

    out = []
    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        try:
            while True:
                out.append(sess.run(x).tolist())
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return out
'''


def test_a_feeder_defined_in_the_graph_function_with_two_sites_yields_at_both():
    result = rewrite(INNER, to="tfdata")
    assert not result.refused, result.notes
    assert result.code.count("yield chunk\n") == 2 and "sess" not in result.code.split("dataset =")[0], result.code


def test_sites_on_two_sessions_are_left():
    source = INNER.replace("def feed(sess):", "def feed(sess, other):").replace(
        "        if chunk:\n            sess.run(op", "        if chunk:\n            other.run(op").replace(
        "args=(sess,)", "args=(sess, sess)")
    assert "other.run(op" in source
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    assert "of one session" in " ".join(n.message for n in result.notes)


def test_a_method_running_the_enqueue_on_another_session_is_left():
    source = (HERE / "r31c_programs" / "chunked_class_in_module.py").read_text()
    source = source.replace("            if xs:\n                sess.run(",
                            "            if xs:\n                self.sess2.run(")
    assert "self.sess2.run(" in source
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "runs the enqueue on another session than `sess`: `self.sess2`" in said, said
