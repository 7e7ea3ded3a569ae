"""`migrate --to tfdata` on queues fed by Python threads through placeholders (issue 17, item 2): the feeding
loop becomes a `from_generator` source, in a function or in a class; what the program did with the threads goes.
Text tests without TensorFlow, and one test that runs a handful of programs both ways."""

from __future__ import annotations

import textwrap

import pytest
from both_ways import CORPUS, assert_delivers_the_same, run_both_ways

from tfdata_bridge._src.migrate.recognize import recognize
from tfdata_bridge.migrate import rewrite, scan_source


def _d(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


# several threads made in a comprehension, the session passed in the middle, a closer thread; TF2-style import
SEVERAL = _d("""
    import threading
    import tensorflow as tf

    def main(parts):
        x = tf.compat.v1.placeholder(tf.float32, shape=[2])
        queue = tf.compat.v1.RandomShuffleQueue(20, 4, [tf.float32], shapes=[[2]])
        enqueue_op = queue.enqueue([x])
        close_op = queue.close()
        batch = queue.dequeue_many(3)

        def feed(coord, sess, part):
            for v in part:
                if coord.should_stop():
                    break
                sess.run(enqueue_op, feed_dict={x: v})

        sess = tf.compat.v1.Session()
        coord = tf.compat.v1.train.Coordinator()
        threads = [threading.Thread(target=feed, args=(coord, sess, p), daemon=True) for p in parts]
        for t in threads:
            t.start()

        def closer():
            for t in threads:
                t.join()
            sess.run(close_op)

        closing = threading.Thread(target=closer)
        closing.start()
        out = sess.run(batch)
        coord.request_stop()
        coord.join(threads + [closing])
        return out
    """)


def test_several_feeding_threads_become_one_generator_running_each_loop_in_turn():
    result = rewrite(SEVERAL, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "    def feed(part):\n        for v in part:\n            yield v\n" in code  # session, coordinator go
    assert "    def feed_threads():\n        for p in parts:\n            yield from feed(p)\n" in code
    assert ".shuffle(20)" in code and ".batch(3, drop_remainder=True)" in code  # dequeue_many drops a tail
    assert "min_after_dequeue" in code  # the comment states the difference
    for gone in ("threading", "closer", "close_op", "enqueue_op", "placeholder", "coord.join", "t.start()"):
        assert gone not in code, gone
    assert scan_source(code) == ()  # the Coordinator went with the threads it served
    assert all(o.rewritten for o in recognize(SEVERAL))


def test_a_coordinator_the_feeding_loop_uses_for_more_than_its_checks_stays():
    source = SEVERAL.replace("                break\n", "                coord.request_stop()\n                break\n")
    assert source != SEVERAL
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "    def feed(coord, part):\n" in result.code and "yield from feed(coord, p)" in result.code


# one thread, started where it is made; the feeding function reads the session from its scope; PaddingFIFOQueue
# through `tf.queue` (TF2's spelling); a close run on the way out with cancel_pending_enqueues
SCOPE = _d("""
    import threading
    import tensorflow as tf
    v1 = tf.compat.v1

    def run(n):
        seq = v1.placeholder(tf.int32, shape=[None])
        q = tf.queue.PaddingFIFOQueue(8, [tf.int32], shapes=[[None]])
        push = q.enqueue([seq])
        padded = q.dequeue_up_to(2)

        def loop():
            i = 0
            while True:
                session.run(push, {seq: list(range(i % 3 + 1))})
                i += 1

        with v1.Session() as session:
            threading.Thread(target=loop, daemon=True).start()
            got = [session.run(padded) for _ in range(n)]
            session.run(q.close(cancel_pending_enqueues=True))
        return got
    """)


def test_a_thread_reading_the_session_from_its_scope_and_a_padding_queue():
    result = rewrite(SCOPE, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "    def loop():\n        i = 0\n        while True:\n            yield list(range(i % 3 + 1))\n" in code
    assert "from_generator(\n            loop," in code  # one thread passing nothing: the function itself
    assert ".padded_batch(2, drop_remainder=False)" in code
    assert "v1.data.make_one_shot_iterator" in code and "tf.data.make_one_shot_iterator" not in code
    assert "q.close" not in code and "threading" not in code
    assert scan_source(code) == ()


@pytest.mark.parametrize("change, reason", [
    pytest.param(("            sess.run(enqueue_op, feed_dict={x: v})\n",
                  "            sess.run(enqueue_op, feed_dict={x: v})\n        sess.run(close_op)\n"),
                 "closes the queue; which one's data", id="each-thread-closes"),
    pytest.param(("    for t in threads:\n        t.start()\n",
                  "    for t in threads:\n        t.start()\n        print(t.name)\n"),
                 "does more than start, join", id="loop-does-more"),
    pytest.param(("    out = sess.run(batch)\n", "    out = sess.run(batch)\n    print(threads[0])\n"),
                 "used other than by start(), join()", id="thread-list-indexed"),
    pytest.param(("p), daemon=True) for p in parts]", "p), daemon=True) for p in parts if p]"),
                 "comprehension with conditions", id="comprehension-if"),
])
def test_what_the_rewrite_cannot_follow_is_refused_and_left(change, reason):
    source = SEVERAL.replace(*change)
    assert source != SEVERAL
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(reason in n.message for n in result.refused), result.notes


CLASS = _d("""
    import threading
    import tensorflow.compat.v1 as tf

    class Reader(object):
        def __init__(self, n):
            self.n = n
            self.ph = tf.placeholder(tf.float32, shape=[])
            self.queue = tf.FIFOQueue(4, [tf.float32], shapes=[[]])
            self.enqueue = self.queue.enqueue([self.ph])
            self.close = self.queue.close()

        def read(self, k):
            return self.queue.dequeue_many(k)

        def main_loop(self, sess):
            for i in range(self.n):
                sess.run(self.enqueue, feed_dict={self.ph: float(i)})
            sess.run(self.close)

        def start_threads(self, sess, n_threads=1):
            threads = []
            for _ in range(n_threads):
                thread = threading.Thread(target=self.main_loop, args=(sess,))
                thread.start()
                threads.append(thread)
            return threads

    def main():
        reader = Reader(10)
        batch = reader.read(3)
        sess = tf.Session()
        reader.start_threads(sess)
        out = sess.run(batch)
        sess.close()
        return out
    """)


def test_a_class_whose_close_op_shares_its_name_with_session_close_is_rewritten():
    result = rewrite(CLASS, to="tfdata")
    assert not result.refused, result.notes
    assert "    def main_loop(self):\n        for i in range(self.n):\n            yield float(i)\n" in result.code
    assert "sess.close()" in result.code  # the program's own session close stays
    assert scan_source(result.code) == ()


@pytest.mark.parametrize("change", [
    ("    reader.start_threads(sess)\n", "    reader.start_threads(sess, 2)\n"),
    ("    reader.start_threads(sess)\n", "    reader.start_threads(sess, n_threads=4)\n"),
    ("def start_threads(self, sess, n_threads=1)", "def start_threads(self, sess, n_threads=2)"),
], ids=["positional", "keyword", "default"])
def test_a_class_starting_several_threads_that_each_close_is_refused(change):
    source = CLASS.replace(*change)
    assert source != CLASS
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any("count is not 1" in n.message for n in result.refused), result.notes


def test_enqueue_many_of_batches_is_unbatched_and_a_forever_loop_stays_endless():
    source = (CORPUS / "feed_thread_enqueue_many_forever.py").read_text()
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "    def load():\n        step = 0\n        while True:\n" in code  # coordinator loop test goes
    assert "tf.TensorSpec(shape=[None, 3], dtype=tf.float32)" in code  # a batch's shape per yield
    assert ".unbatch()\n        .batch(5, drop_remainder=True)" in code
    # tf.data spelled through `tf`, and the import of `data_flow_ops` the rewrite left unused gone
    assert "data_flow_ops" not in code.split('"""', 2)[2]
    assert scan_source(code) == ()


ZIPPED = _d("""
    import threading
    import tensorflow as tf

    def main(samples):
        x = tf.compat.v1.placeholder(tf.float32, shape=[])
        y = tf.compat.v1.placeholder(tf.int32, shape=[])
        inputs = [x, y]
        queue = tf.compat.v1.FIFOQueue(10, [tf.float32, tf.int32], shapes=[[], []])
        op = queue.enqueue(inputs)
        xs, ys = queue.dequeue_up_to(5)

        def work(sess):
            for data in samples():
                sess.run(op, feed_dict=dict(zip(inputs, data)))
            sess.run(queue.close())

        with tf.compat.v1.Session() as sess:
            thread = threading.Thread(target=work, args=(sess,))
            thread.start()
            out = sess.run([xs, ys])
            thread.join()
        return out
    """)


@pytest.mark.parametrize("feed, expected", [
    ("dict(zip(inputs, data))", "yield tuple(data)[:2]\n"),  # zip stops at the placeholders
    ("dict(zip([x, y], data))", "yield tuple(data)[:2]\n"),
    ("dict(zip(inputs, (data[0], data[1] + 1)))", "yield (data[0], data[1] + 1)\n"),
    ("{y: data[1], x: data[0]}", "yield (data[0], data[1])\n"),  # in the enqueue's order, whatever the dict's
])
def test_a_feed_dict_zipped_from_the_enqueued_list_or_spelled_out(feed, expected):
    source = ZIPPED.replace("dict(zip(inputs, data))", feed)
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert expected in result.code
    assert "inputs" not in result.code and "queue.close" not in result.code
    assert scan_source(result.code) == ()


def test_a_zipped_feed_dict_over_other_keys_is_refused():
    source = ZIPPED.replace("dict(zip(inputs, data))", "dict(zip([y, x], data))")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any("enqueue (with a feed_dict)" in n.message for n in result.refused), result.notes


OUTSIDE = """import threading
import numpy as np
import tensorflow as tf


class Loader:
    def __init__(self, n):
        self.n = n
        self.x = tf.compat.v1.placeholder(tf.float32, shape=[None])
        self.queue = tf.compat.v1.PaddingFIFOQueue(6, [tf.float32], shapes=[[None]])
        self.enqueue_op = self.queue.enqueue([self.x])

    def feed(self, sess):
        for i in range(self.n):
            sess.run(self.enqueue_op, feed_dict={self.x: np.ones(i % 4 + 1, np.float32) * i})
        sess.run(self.queue.close())


def main():
    loader = Loader(11)
    batch = loader.queue.dequeue_up_to(3)
    out = []
    with tf.compat.v1.Session() as sess:
        feeder = threading.Thread(target=loader.feed, args=(sess,))
        feeder.daemon = True
        feeder.start()
        try:
            while True:
                out.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        feeder.join()
    return out, end
"""


def test_a_class_feeding_method_run_by_a_thread_made_outside_the_class():
    result = rewrite(OUTSIDE, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "    def feed(self):\n        for i in range(self.n):\n            yield np.ones(" in code
    assert "            loader.feed,\n" in code and ".padded_batch(3, drop_remainder=False)" in code
    for gone in ("threading", "feeder", "queue.close", "placeholder"):
        assert gone not in code, gone
    assert scan_source(code) == ()


def test_two_outside_threads_on_a_closing_feeding_method_are_refused():
    source = OUTSIDE.replace("        feeder.start()\n", "        feeder.start()\n"
                             "        threading.Thread(target=loader.feed, args=(sess,)).start()\n")
    assert source != OUTSIDE
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any("several threads" in n.message for n in result.refused), result.notes


def test_a_queue_handed_to_a_thread_subclass_is_left_with_the_reason():
    source = (CORPUS / "enqueue_thread_subclass.py").read_text()
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any("`EnqueueThread`, a `threading.Thread` subclass" in n.message for n in result.refused), result.notes


PROGRAMS = {"feed_threads_loop_fifo": "multiset", "feed_thread_scope_session_shuffle": "multiset",
            "feed_class_stop_method": "order", "feed_thread_class": "order",
            "feed_thread_enqueue_many_forever": "order"}


@pytest.mark.timeout(400)  # a TensorFlow process; on a loaded 2-core machine its start alone is slow
def test_fed_queue_programs_deliver_what_their_originals_deliver(tmp_path):
    """The migrated programs against the originals under `tensorflow.compat.v1` (one process); they make
    their own data, so no data files are written."""
    migrated = tmp_path / "migrated"
    migrated.mkdir()
    for name in PROGRAMS:
        result = rewrite((CORPUS / f"{name}.py").read_text(), to="tfdata")
        assert not result.refused and "threading" not in result.code, (name, result.notes)
        (migrated / f"{name}.py").write_text(result.code)
    (tmp_path / "data").mkdir()
    runs = run_both_ways({n: (CORPUS / f"{n}.py", migrated / f"{n}.py") for n in PROGRAMS}, tmp_path / "data",
                         make_data=False)
    for name, kind in PROGRAMS.items():
        assert_delivers_the_same(name, *runs[name], kind, end=None, close_floats=True)
