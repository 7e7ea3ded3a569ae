"""Adversarial variants of the feed-thread and reader forms whose legacy data a rewrite would change silently.

- A feed thread (nested, or a module-level function) reading state its enclosing function (or module) changes
  after starting it (a list the consumer appends to per batch, an ``Event`` it sets, a counter it bumps, a
  ``queue.Queue`` it puts to, an iterator it advances), or a feeding class's method reading an attribute the
  consumer's loop changes: legacy's feeder sees those changes as they happen; the generator runs ahead in
  tf.data's thread. Refused, naming the state and the change (``feed/consumer_state.py``). A list filled
  *before* the start stays rewritten.
- Two reads in step of ONE filename queue (two readers, or one reader read twice): legacy's reads take turns at
  its files (each record once); a zip of one file list per read delivered every record twice. Refused
  (``in_step._refuse_shared_queue``); two readers of two producers (of the same list) stay a zip.

The programs of ``probeb_programs/`` (the forms still rewritten) are migrated as one tree and run against their
originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "probeb_programs"

FEEDER = '''\
import threading
{imports}


def main():
    x_in = {tf}placeholder({tf}float32, shape=[None])
    q = {tf}FIFOQueue(8, [{tf}float32], shapes=[[]])
    enqueue = q.enqueue_many([x_in])
    x = q.dequeue_many(2)
{state}

    def feed(sess):
        for i in range(4):
{read}
            sess.run(enqueue, feed_dict={{x_in: np.arange(2, dtype=np.float32) + base}})
        sess.run(q.close())

    out = []
    with {tf}Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        try:
            while True:
                out.append(sess.run(x).tolist())
{change}
        except {tf}errors.OutOfRangeError:
            pass
        t.join()
    return out
'''

ALIAS = ("import numpy as np\nimport tensorflow.compat.v1 as tf", "tf.")
NAMES = ("import numpy as np\nfrom tensorflow.compat.v1 import FIFOQueue, Session, errors, float32, placeholder", "")


@pytest.mark.parametrize("spelling, state, read, change, name", [
    pytest.param(ALIAS, "    seen = []", "            base = len(seen) * 100", "                seen.append(1)", "seen",
                 id="list-appended-by-the-consumer"),
    pytest.param(NAMES, "    ready = threading.Event()", "            ready.wait()\n            ready.clear()\n"
                 "            base = i", "                ready.set()", "ready", id="event-set-by-the-consumer"),
    pytest.param(ALIAS, "    step = 0", "            base = step", "                step += 1", "step",
                 id="counter-bumped-by-the-consumer"),
    pytest.param(NAMES, "    import queue\n    asks = queue.Queue()", "            base = asks.get()",
                 "                asks.put(len(out))", "asks", id="queue-put-by-the-consumer"),
    pytest.param(ALIAS, "    rows = iter(range(100))", "            base = next(rows)", "                next(rows)",
                 "rows", id="iterator-advanced-by-the-consumer"),
])
def test_a_feeder_reading_what_the_consumer_changes_is_refused(spelling, state, read, change, name):
    imports, tf = spelling
    source = FEEDER.format(imports=imports, tf=tf, state=state, read=read, change=change)
    result = rewrite(source, to="tfdata")
    reasons = " ".join(n.message for n in result.refused)
    assert result.code == source, result.code
    assert f"`feed` reads `{name}`, which the code after its thread starts changes" in reasons, reasons


@pytest.mark.parametrize("name, reason", [
    ("f7_module_feeder", "`feed` reads `SEEN`, which the code after its thread starts changes (`SEEN.append(1)`)"),
    ("f8_class_attr", "`run` reads `self.level`, which the consumer's loop changes (`feeder.level += 1`)"),
])
def test_a_module_feeder_or_a_feeding_class_reading_what_the_consumer_changes_is_refused(name, reason):
    source = {"f7_module_feeder": MODULE_FEEDER, "f8_class_attr": CLASS_FEEDER}[name]
    result = rewrite(source, to="tfdata")
    reasons = " ".join(n.message for n in result.refused)
    assert reason in reasons, reasons
    assert "FIFOQueue(" in result.code and "from_generator" not in result.code


MODULE_FEEDER = '''\
import threading
import numpy as np
from tensorflow.compat import v1 as tf

SEEN = []


def feed(sess, enqueue, x_in, close):
    for i in range(4):
        base = len(SEEN) * 100
        sess.run(enqueue, feed_dict={x_in: np.arange(2, dtype=np.float32) + base})
    sess.run(close)


def main(data_dir):
    del SEEN[:]
    x_in = tf.placeholder(tf.float32, shape=[None])
    q = tf.FIFOQueue(2, [tf.float32], shapes=[[]])
    enqueue = q.enqueue_many([x_in])
    close = q.close()
    x = q.dequeue_many(2)
    out, end = [], None
    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=(sess, enqueue, x_in, close))
        t.start()
        try:
            while True:
                out.append(sess.run(x).tolist())
                SEEN.append(1)
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        t.join()
    return {'batches': out, 'end': end}
'''
CLASS_FEEDER = '''\
"""A feeding class whose `run` reads an attribute the consumer's loop bumps."""
import threading
import numpy as np
import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self, sess):
        self.sess = sess
        self.x_in = tf.placeholder(tf.float32, shape=[None])
        self.queue = tf.FIFOQueue(2, [tf.float32], shapes=[[]])
        self.enqueue = self.queue.enqueue_many([self.x_in])
        self.close = self.queue.close()
        self.level = 0

    def dequeue(self, n):
        return self.queue.dequeue_many(n)

    def run(self):
        for i in range(4):
            self.sess.run(self.enqueue, feed_dict={self.x_in: np.arange(2, dtype=np.float32) + self.level * 100})
        self.sess.run(self.close)

    def start(self):
        t = threading.Thread(target=self.run)
        t.daemon = True
        t.start()
        return t


def main(data_dir):
    sess = tf.Session()
    feeder = Feeder(sess)
    x = feeder.dequeue(2)
    t = feeder.start()
    out, end = [], None
    try:
        while True:
            out.append(sess.run(x).tolist())
            feeder.level += 1
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    t.join()
    sess.close()
    return {'batches': out, 'end': end}
'''


READERS = '''\
{imports}


def main(files):
    fq = {train}string_input_producer(files, num_epochs=1, shuffle=False)
{reads}
    batch = {train}batch([{tf}string_to_number(a), {tf}string_to_number(b)], batch_size=2)
    return batch
'''


@pytest.mark.parametrize("imports, tf, train, reads", [
    pytest.param("import tensorflow.compat.v1 as tf", "tf.", "tf.train.",
                 "    _, a = tf.TextLineReader().read(fq)\n    _, b = tf.TextLineReader().read(fq)", id="two-readers"),
    pytest.param("from tensorflow.compat.v1 import TextLineReader, string_to_number, train", "", "train.",
                 "    reader = TextLineReader()\n    _, a = reader.read(fq)\n    _, b = reader.read(fq)",
                 id="one-reader-read-twice"),
])
def test_reads_in_step_of_one_filename_queue_are_refused(imports, tf, train, reads):
    source = READERS.format(imports=imports, tf=tf, train=train, reads=reads)
    result = rewrite(source, to="tfdata")
    reasons = " ".join(n.message for n in result.refused)
    assert result.code == source, result.code
    assert "reads 2 sources in step that share `fq = " in reasons and "each record twice" in reasons, reasons


@pytest.mark.timeout(300)
def test_the_probeb_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 2
    assert "from_generator(" in code["feeder_list_filled_before_start.py"]
    assert "Dataset.zip(" in code["two_readers_two_producers.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")
