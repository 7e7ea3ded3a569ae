"""Whole arrays chosen by the arms of an `if` (or a conditional expression) before a `batch(enqueue_many=True)`
(round 55's cifar-like `inputs(eval_data, ...)`): the dataset slices whichever arrays the arm bound, read where
the batch read them, when every binding of the name is in-memory data. And a feeding thread class handed its
queue class (`queue_class=tf.FIFOQueue`, round 52's `EnqueueThread`), its queue's shapes from a helper over the
placeholders: the class form, the parameter and its arguments gone.

The programs of ``fixH_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixH_programs"
COMPARE: dict[str, str] = {}
ENDS = {"branch_arrays_if_else": "steps: 9", "branch_arrays_ifexp": "steps: 9", "branch_arrays_package": "steps: 8",
        "queue_class_package": "rows: 21", "queue_class_local": "rows: 10"}


@pytest.mark.timeout(300)
def test_the_fixH_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == len(ENDS)
    assert "from_tensor_slices((data, labels))" in code["branch_arrays_if_else.py"], code["branch_arrays_if_else.py"]
    assert "from_tensor_slices((rows, labels))" in code["cifar_like.py"], code["cifar_like.py"]
    for name in ("enqueue_feeder.py", "queue_class_package.py", "queue_class_local.py"):
        assert "queue_class" not in code[name] and "_get_shape" not in code[name], code[name]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "order"), end=ENDS[name])


BRANCHES = '''\
import numpy as np
import tensorflow.compat.v1 as tf


def inputs(eval_data, table):
    if eval_data:
        data = {first}
    else:
        data = {second}
    batch = tf.train.batch([data], batch_size=2, enqueue_many=True)
    return batch
'''


@pytest.mark.parametrize("first, second", [
    ("np.arange(4)", "tf.random.uniform([4])"),  # (an arm binds a random op: another value at each run)
    ("np.arange(4)", "tf.Variable(np.arange(4))"),  # (a variable)
    ("table", "np.arange(4)"),  # (a parameter nothing in the module calls with data)
])
def test_an_arm_that_binds_no_in_memory_data_is_left(first, second):
    result = rewrite(BRANCHES.format(first=first, second=second), to="tfdata")
    assert result.refused, result.code


@pytest.mark.parametrize("source", [
    # (bound by a loop: no binding of its own to read)
    "import numpy as np\nimport tensorflow.compat.v1 as tf\n\n\ndef f(parts):\n    data = np.arange(4)\n"
    "    for data in parts:\n        pass\n    return tf.train.batch([data], batch_size=2, enqueue_many=True)\n",
    # (changed in place by ``+=``)
    "import numpy as np\nimport tensorflow.compat.v1 as tf\n\n\ndef f(flag):\n    data = np.arange(4)\n"
    "    if flag:\n        data += tf.ones([4], tf.int64)\n    return tf.train.batch([data], batch_size=2, enqueue_many=True)\n",
    # (a parameter bound again in one arm)
    "import numpy as np\nimport tensorflow.compat.v1 as tf\n\n\ndef f(data, flag):\n    if flag:\n"
    "        data = np.arange(4)\n    return tf.train.batch([data], batch_size=2, enqueue_many=True)\n",
])
def test_a_name_bound_other_than_by_plain_assignments_is_left(source):
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code


FEEDER = """\
import threading
import tensorflow.compat.v1 as tf


class Feeder(threading.Thread):
    def __init__(self, queue_class):
        threading.Thread.__init__(self)
        self.inputs = [tf.placeholder(tf.int32, [None]), tf.placeholder(tf.float32, [None, 2])]
        self.queue = queue_class(4, [i.dtype for i in self.inputs], shapes=SHAPES)
        {extra}
        self.enqueue_op = self.queue.enqueue_many(self.inputs)
        self.close_op = self.queue.close()

    def _shapes(self):
        {helper}
        return [i.get_shape()[1:] for i in self.inputs]

    def prepare(self, sess, fn):
        self.sess = sess
        self.sample_fn = fn

    def dequeue(self, n):
        return self.queue.dequeue_many(n)

    def run(self):
        for data in self.sample_fn():
            self.sess.run(self.enqueue_op, feed_dict=dict(zip(self.inputs, data)))
        self.sess.run(self.close_op)


def main(rows):
    first = Feeder({first})
    second = Feeder({second})
    x = first.dequeue(2)
    y = second.dequeue(2)
    with tf.Session() as sess:
        first.prepare(sess, rows)
        second.prepare(sess, rows)
        first.start()
        second.start()
        return sess.run([x, y])
"""


@pytest.mark.parametrize("first, second, extra, helper", [
    ("tf.FIFOQueue", "tf.PaddingFIFOQueue", "", "pass"),  # (the callers hand two queue classes)
    ("tf.FIFOQueue", "MyQueue", "", "pass"),  # (a class of the program's own, no TensorFlow queue)
    ("tf.FIFOQueue", "tf.FIFOQueue", "self.kind = queue_class", "pass"),  # (read beyond the queue's line)
    ("tf.FIFOQueue", "tf.FIFOQueue", "", "self.seen = True"),  # (the shape helper sets an attribute)
])
def test_a_queue_class_the_rewrite_cannot_read_or_drop_is_left(first, second, extra, helper):
    source = FEEDER.format(first=first, second=second, extra=extra, helper=helper).replace(
        "SHAPES", "self._shapes()")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    assert "FIFOQueue" in result.code


def test_a_queue_class_every_caller_hands_is_the_class_form():
    source = FEEDER.format(first="tf.FIFOQueue", second="queue_class=tf.FIFOQueue", extra="",
                           helper="pass").replace("SHAPES", "self._shapes()")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "queue_class" not in result.code and "_shapes" not in result.code and "tf.FIFOQueue" not in result.code, \
        result.code
