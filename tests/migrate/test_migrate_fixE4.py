"""Issue 17: legacy's batch of a Python list or tuple of tensors gave a Python list (a dict for a dict, the tensor
itself for a one-tensor list: ``input._restore_sparse_tensors``, ``QueueBase._dequeue_return_value``); tf.data's
``get_next()`` gives a tuple. Where the program keeps the batch whole, the rewrite makes it a list again (a fed queue's whole dequeue too, in
the function, the class or another module)
(``list(...)``), counting the tensors where the program writes them (``whole_lists.listed_count``: a display, a
concatenation ``[x, y] + extras``, ``list((a, b))``, a tuple), and decides as the program runs where only the run
knows the count (``[first] + rest``); a batch unpacked at once stays a tuple, with no ``list(...)`` printed.

The programs of ``fixE4_programs/`` (appended to, concatenated, a slice assigned, handed to a function that
extends it, a class attribute grown by a method, a package helper with two callers, both import styles) are
migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib
import re

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parent / "fixE4_programs"
ENDS = {"concat_append": "OutOfRangeError list 5", "slice_assign_package": "3 3",
        "class_list_call": "list True", "counted_when_run": "list Tensor", "fed_queue_list": "OutOfRangeError list",
        "remote_dequeue": "OutOfRangeError list"}


@pytest.mark.timeout(500)
def test_the_fixE4_programs_keep_legacys_list(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    assert "batch = list(tf.data.make_one_shot_iterator(dataset).get_next())" in code["concat_append.py"]
    assert "return list(tf.compat.v1.data.make_one_shot_iterator(dataset).get_next())" in code["inputs.py"]
    assert "if len(batch_element) == 1 else list(batch_element)" in code["counted_when_run.py"]
    assert re.search(r"\n    ids, squares = tf\.data\.make_one_shot_iterator\(dataset_?\d*\)\.get_next\(\)\n",
                     code["concat_append.py"]), code["concat_append.py"]  # (unpacked: no ``list(...)`` there)
    assert len(re.findall(r"\blist\(", code["concat_append.py"])) == 1, code["concat_append.py"]
    assert ")).get_next())\n    batch.append(" in code["remote_dequeue.py"]
    assert "batch = list(tf.data.make_one_shot_iterator(dataset).get_next())" in code["fed_queue_list.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS[name])


CLASS_FEED = '''\
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Runner(object):
    def __init__(self):
        self.x = tf.placeholder(dtype=tf.float32, shape=[None, 2])
        self.y = tf.placeholder(dtype=tf.int64, shape=[None])
        self.queue = tf.FIFOQueue(shapes=[[2], []], dtypes=[tf.float32, tf.int64], capacity=40)
        self.enqueue_op = self.queue.enqueue_many([self.x, self.y])

    def get_inputs(self):
        {read}

    def thread_main(self, sess):
        for start in range(0, 8, 4):
            sess.run(self.enqueue_op, feed_dict={{self.x: np.ones([4, 2]), self.y: np.arange(4)}})
        sess.run(self.queue.close())

    def start_threads(self, sess):
        t = threading.Thread(target=self.thread_main, args=(sess,))
        t.daemon = True
        t.start()
        return [t]
'''


@pytest.mark.parametrize("read, listed", [
    ("batch = self.queue.dequeue_many(4)\n        return batch", True),  # kept whole: legacy's list
    ("return self.queue.dequeue_many(4)", True),
    ("images, labels = self.queue.dequeue_many(4)\n        return images, labels", False),  # unpacked at once
])
def test_a_class_feeders_whole_dequeue_is_a_list(read, listed):
    result = rewrite(CLASS_FEED.format(read=read), to="tfdata")
    assert not result.refused, result.notes
    assert ("list(" in result.code) == listed, result.code


@pytest.mark.parametrize("tensors, end", [
    ("[a, b] + extras", "batch = list(tf.data.make_one_shot_iterator(dataset).get_next())"),
    ("(a, b)", "batch = list(tf.data.make_one_shot_iterator(dataset).get_next())"),
    ("list((a, b))", "batch = list(tf.data.make_one_shot_iterator(dataset).get_next())"),
    ("[t + 1 for t in (a, b)]", "batch = list(tf.data.make_one_shot_iterator(dataset).get_next())"),
    ("[t + 1 for t in (a,)]", "batch = tf.data.make_one_shot_iterator(dataset).get_next()[0]"),
    ("[a]", "batch = tf.data.make_one_shot_iterator(dataset).get_next()\n"),
    ("{'a': a, 'b': b}", "batch = tf.data.make_one_shot_iterator(dataset).get_next()\n"),
    ("[a] + more", "batch = batch_element[0] if len(batch_element) == 1 else list(batch_element)"),
    ("[t * 2 for t in [a, b] + extras]", "batch = list(tf.data.make_one_shot_iterator(dataset).get_next())"),
    ("[t * 2 for t in extras]", "batch = tf.data.make_one_shot_iterator(dataset).get_next()[0]"),
    ("[t * 2 for t in [a] + more]", "batch = batch_element[0] if len(batch_element) == 1 else list(batch_element)"),
])
def test_the_batch_is_what_legacys_was(tensors, end):
    source = ("import tensorflow.compat.v1 as tf\n\n\ndef make(path, more):\n"
              "    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)\n"
              "    _, line = tf.TextLineReader().read(queue)\n"
              "    a, b, c = tf.decode_csv(line, record_defaults=[[0], [0], [0]])\n"
              "    extras = [c]\n"
              f"    batch = tf.train.batch({tensors}, 4)\n"
              "    return batch\n")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert end in result.code, result.code
