"""Held-out round 21's leftovers (forms18): im2txt's three-module input side, the preprocessing copies of a
model class handed to a batch helper of another module (``batch_with_dynamic_pad``) while the values queue comes
from a prefetch helper of another module; and WaveNet's two padding queues fed in lockstep by one thread.

The programs of ``r21l_programs/`` (the three-module layout, the same in two modules, a class and a function, the
reader on ``self`` and local) are migrated as one tree and run against their originals: every element once (the
copies compete for legacy's queue, so rows are compared as a multiset), the same batch sizes, the same end."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.comments import wrapped_comment
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r21l_programs"


def test_a_note_quoting_a_statement_written_over_several_lines_is_one_comment_per_line():
    text = ('`q.size()` read only by `tf.summary.scalar("queue/%s" % (q.name,\n'
            '                  capacity), 1.)`')
    lines = [line.comment.value for line in wrapped_comment(text, width=40)]
    assert all("\n" not in c and c.startswith("#") and len(c) <= 40 for c in lines), lines
    assert " ".join(c[2:] for c in lines) == " ".join(text.split())


@pytest.mark.timeout(500)
def test_the_r21_leftover_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 3
    assert all("Queue(" not in c and "QueueRunner(" not in c and ".dequeue()" not in c for c in code.values()), code
    # the helpers went from their modules; the copies' per-element code is the map, the join a padded batch
    assert "def batch_with_dynamic_pad" not in code["batching_a.py"]
    assert all("def prefetch_input_data" not in code[m] for m in ("prefetch_a.py", "inputs_c.py"))
    assert "def pad_copies" not in code["inputs_b.py"] and "def prefetch_values" not in code["inputs_b.py"]
    assert code["model_a.py"].count(".padded_batch(4") == 2 and "self.reader" not in code["model_a.py"]
    assert "num_parallel_calls=self.num_preprocess_threads" in code["model_a.py"]
    assert "num_parallel_calls=copies" in code["two_modules_function.py"]
    assert "self.reader" not in code["class_same_module_batch.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset")


PREFETCH = '''\
import tensorflow.compat.v1 as tf


def prefetch(files):
    file_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    values = tf.FIFOQueue(16, [tf.string])
    reader = tf.TFRecordReader()
    ops = []
    for _ in range(2):
        _, value = reader.read(file_queue)
        ops.append(values.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(values, ops))
    return values
'''
JOINS = '''\
import tensorflow.compat.v1 as tf


def pad(pairs, width=1):
    listed = []
    for value, n in pairs:
        listed.append([value, n + {plus}])
    return tf.train.batch_join(listed, batch_size=4, dynamic_pad=True)
'''
MODEL = '''\
import tensorflow.compat.v1 as tf

import joins
import lib


def inputs(files):
    queue = lib.prefetch(files)
    pairs = []
    for i in range(2):
        serialized = queue.dequeue()
        pairs.append([serialized, tf.strings.length(serialized)])
    {extra}return joins.pad(pairs)
'''


def _tree(tmp_path, plus="1", extra=""):
    texts = {str(tmp_path / "lib.py"): PREFETCH, str(tmp_path / "joins.py"): JOINS.format(plus=plus),
             str(tmp_path / "model.py"): MODEL.format(extra=extra)}
    return texts, rewrite_tree(texts, root=str(tmp_path))


# (the same tree with nothing in the way is rewritten: ``test_migrate_r21_prefetch.py``)


@pytest.mark.parametrize("plus, extra, why", [
    # the handed list read beyond the hand-over: the caller's loop cannot take the helper's code
    ("1", "tf.logging.info(len(pairs))\n    ", "a parameter of `pad`"),
    # the per-element code reads a parameter (its value is the call's, known only at the call)
    ("width", "", "a parameter of `pad`"),
])
def test_handed_copies_that_cannot_move_are_left_saying_so(tmp_path, plus, extra, why):
    texts, results = _tree(tmp_path, plus, extra)
    joins = results[str(tmp_path / "joins.py")]
    assert joins.refused and joins.code == texts[str(tmp_path / "joins.py")]
    assert why in " ".join(n.message for n in joins.notes)


WAVENET = '''\
import threading

import tensorflow.compat.v1 as tf


class AudioReader(object):
    def __init__(self, gc_enabled, queue_size=8):
        self.gc_enabled = gc_enabled
        self.sample_placeholder = tf.placeholder(dtype=tf.float32, shape=None)
        self.queue = tf.PaddingFIFOQueue(queue_size, ['float32'], shapes=[(None, 1)])
        self.enqueue = self.queue.enqueue([self.sample_placeholder])
        if self.gc_enabled:
            self.id_placeholder = tf.placeholder(dtype=tf.int32, shape=())
            self.gc_queue = tf.PaddingFIFOQueue(queue_size, ['int32'], shapes=[()])
            self.gc_enqueue = self.gc_queue.enqueue([self.id_placeholder])

    def dequeue(self, num_elements):
        return self.queue.dequeue_many(num_elements)

    def dequeue_gc(self, num_elements):
        return self.gc_queue.dequeue_many(num_elements)

    def thread_main(self, sess):
        for i in range(12):
            sess.run(self.enqueue, feed_dict={self.sample_placeholder: [[float(i)]] * (i % 3 + 1)})
            if self.gc_enabled:
                sess.run(self.gc_enqueue, feed_dict={self.id_placeholder: i % 2})

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        return [thread]


def batches():
    reader = AudioReader(True)
    return reader, reader.dequeue(3), reader.dequeue_gc(3)
'''


def test_two_queues_fed_in_lockstep_by_one_thread_are_left_naming_both_and_their_lines():
    result = rewrite(WAVENET, to="tfdata")
    assert result.refused and result.code == WAVENET
    said = " ".join(n.message for n in result.notes)
    assert "`thread_main` feeds several queues in lockstep, `self.queue` (line 10; its op `self.enqueue` run at " \
           "line 25; read by `dequeue`, line 18)" in said, said
    assert "`self.gc_queue` (line 14, behind `if self.gc_enabled:`; its op `self.gc_enqueue` run at line 27; " \
           "read by `dequeue_gc`, line 21)" in said, said
    assert "goes beyond the enqueue and close" not in said
    # (the dequeues' notes point at the same obstacle, not at the enqueue op "read by" the feeding method)
    assert "`thread_main` feeds the queues `queue`, `gc_queue` in lockstep" in said and "read by" not in said.replace(
        "read by `dequeue", "")


def test_a_prefetch_helper_whose_caller_does_not_dequeue_per_copy_stays_in_its_module(tmp_path):
    from tfdata_bridge._src.migrate.handed_copies import inline_handed_copies

    towers = ("import tensorflow.compat.v1 as tf\n\nimport lib\n\n\ndef towers(files):\n"
              "    queue = lib.prefetch(files)\n    return [queue.dequeue() for _ in range(2)]\n")
    texts = {str(tmp_path / "lib.py"): PREFETCH, str(tmp_path / "model.py"): MODEL.format(extra=""),
             str(tmp_path / "joins.py"): JOINS.format(plus="1")}
    moved = inline_handed_copies(texts, str(tmp_path))
    assert "def prefetch" not in moved[str(tmp_path / "lib.py")] and "def pad" not in moved[str(tmp_path / "joins.py")]
    texts[str(tmp_path / "model.py")] = towers
    assert inline_handed_copies(texts, str(tmp_path)) is None
