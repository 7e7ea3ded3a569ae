"""A feeding thread subclass (tensorpack's ``EnqueueThread``) whose ``run`` enters the default session (``with
sess.as_default():``, directly or through a context manager method) and runs the enqueue op through the op itself
(``op.run(feed_dict=...)``, ``op.run({...})``, ``close_op.run()``) becomes a generator like one running
``sess.run(op, ...)``, and so does such a feeding function (module-level and handed its ops, or a closure); a
close op made and never run (``close(cancel_pending_enqueues=True)`` beside the close the loop runs) goes with the
queue; placeholders handed in and enqueued as ``self.phs`` are read at the callers. A default-session run in a
method that is not such a ``run``, a run on a session handed by ``session=``, a feeding function running the
enqueue both ways or running more than its ops there, and two close ops both run are refused with a note; so is a
queue whose helper is handed the data arrays themselves (its signature read from them at graph build).

The programs of ``feedq_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "feedq_programs"
TWO = PROGRAMS / "own_placeholders_contextmanager_two_feeders.py"


@pytest.mark.timeout(500)
def test_the_feedq_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "Queue(" in c or "op.run(" in c] == [], code
    assert "yield (key, vec)" in code["feeders.py"], code["feeders.py"]
    assert "cancel_op" not in code["feeders.py"] and "stop_op" not in code[TWO.name]
    assert "QueueFeeder(read_rows(path))" in code["handed_thread_default_session_package.py"]
    assert "def feed(sess, rows):" in code["feeder_handed_ops_default_session.py"]
    assert "yield (chunk, chunk * chunk)" in code["closure_enqueue_many_default_session.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=want.get("end"))


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(" ".join(n.message for n in result.notes).split())


def test_a_default_session_run_in_a_method_that_is_no_thread_run_is_left():
    source = TWO.read_text().replace("class Feeder(threading.Thread):", "class Feeder(object):").replace(
        "        super(Feeder, self).__init__()\n        self.daemon = True\n", "").replace(
        "    def run(self):", "    def feed(self):").replace(
        "        f.start()", "        threading.Thread(target=f.feed).start()").replace(
        "    first.join()\n    second.join()\n", "")
    assert "class Feeder(object)" in source and "target=f.feed" in source
    assert "runs the enqueue op on the default session (`<op>.run(feed_dict=...)`) and is not the `run`" in \
        _said(source)


def test_an_op_run_on_a_session_handed_by_keyword_is_left():
    source = TWO.read_text().replace("self.score: k * k})", "self.score: k * k}, session=self._sess)")
    assert "session=self._sess)" in source
    assert "does not run the enqueue op through one session attribute of `self`" in _said(source)


def test_two_close_ops_both_run_are_left():
    source = TWO.read_text().replace("    def dequeue(self):",
                                     "    def stop(self):\n        self.stop_op.run()\n\n    def dequeue(self):")
    assert "self.stop_op.run()" in source
    assert "the queue has several close ops that are run (`self.stop_op`, `self.close_op`)" in _said(source)


CLOSURE = PROGRAMS / "closure_enqueue_many_default_session.py"


def test_a_feeding_function_running_the_enqueue_on_a_handed_session_is_left():
    source = CLOSURE.read_text().replace("squares: chunk * chunk})", "squares: chunk * chunk}, session=sess)")
    assert "session=sess)" in source
    assert "the enqueue op is run other than by `<session>.run(enqueue_op, feed_dict={...})` of one session" in \
        _said(source)


def test_a_feeding_function_running_the_enqueue_both_ways_is_left():
    source = CLOSURE.read_text().replace(
        "            done.run()", "            sess.run(enqueue, {ids: [0], squares: [0]})\n            done.run()")
    assert "sess.run(enqueue" in source
    assert "of one session" in _said(source)


DATA_TYPED = '''\
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def build_queue(sess, inputs):
    phs = []
    for inp in inputs:
        phs.append(tf.placeholder(inp.dtype, [2] + list(inp.shape[1:])))
    queue = tf.FIFOQueue(8, dtypes=[inp.dtype for inp in inputs], shapes=[inp.shape[1:] for inp in inputs])
    enqueue_op = queue.enqueue_many(phs)

    def feed():
        for lo in range(0, len(inputs[0]), 2):
            sess.run(enqueue_op, feed_dict={ph: inp[lo:lo + 2] for ph, inp in zip(phs, inputs)})

    threading.Thread(target=feed, daemon=True).start()
    return queue.dequeue()


def main():
    inputs = [np.zeros([4, 3], np.float32), np.arange(4)]
    sess = tf.Session()
    row = build_queue(sess, inputs)
    return [sess.run(row) for _ in range(4)]
'''


def test_a_queue_typed_by_the_data_arrays_handed_to_its_helper_is_left_saying_so():
    said = _said(DATA_TYPED)
    assert "`inputs` handed to `build_queue` as `inputs` holds values that are no placeholders" in said, said
    assert "the queue's dtypes and shapes are read from them when the graph is built" in said, said


def test_a_feeding_function_running_more_than_its_ops_on_the_default_session_is_left():
    source = CLOSURE.read_text().replace("chunk = values[start:start + 4]",
                                         "chunk = values[start:start + 4] + offset.eval()").replace(
        "    sess = tf.compat.v1.Session()\n",
        "    offset = tf.constant(0, tf.int64)\n    sess = tf.compat.v1.Session()\n")
    assert "offset.eval()" in source and "offset = tf.constant" in source
    assert "runs its enqueue op on the default session and runs `offset.eval()` beside it" in _said(source)
