"""The pipeline followed across flags, modules and memoized queues (issue 17, item 1): the programs of
``flow_programs/`` (a local flag or a parameter that sets the file producer's ``shuffle`` and chooses
``shuffle_batch`` or ``batch``; a reader function of another module called once per list of a join; a file queue
memoized on an object and read in another method) are migrated as a tree and run against their originals in
``test_migrate_sources_programs.py`` (one TensorFlow process for all its folders); here, the rewritten text and
the forms that must be refused or left, with the reason (a flag assigned again between the producer and the
batch: the rewrite would read the other value; a memoized queue with a second consumer)."""

from __future__ import annotations

import textwrap

import pytest

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite

FLAG_AGAIN = {
    "in an if between the read and the batch": '''\
        def batches(files, mode, eval_only):
            training = mode == "train"
            queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=training)
            _, line = tf.TextLineReader().read(queue)
            a, b = tf.decode_csv(line, record_defaults=[[0], [0.0]])
            if eval_only:
                training = False
            if training:
                batch = tf.train.shuffle_batch([a, b], batch_size=8, capacity=40, min_after_dequeue=10)
            else:
                batch = tf.train.batch([a, b], batch_size=8)
            return batch
        ''',
    "a parameter, in the chosen branch": '''\
        def batches(files, shuffle):
            queue = tf.train.string_input_producer(files, shuffle=shuffle)
            reader = tf.TFRecordReader()
            _, record = reader.read(queue)
            x = tf.parse_single_example(record, {"x": tf.FixedLenFeature([3], tf.float32)})["x"]
            if shuffle:
                shuffle = False
                xs = tf.train.shuffle_batch([x], batch_size=8, capacity=40, min_after_dequeue=10)
            else:
                xs = tf.train.batch([x], batch_size=8)
            return xs
        ''',
    "in a loop, a conditional expression": '''\
        def batches(files, modes):
            for mode in modes:
                training = mode == "train"
            queue = tf.train.string_input_producer(files, shuffle=training)
            _, line = tf.TextLineReader().read(queue)
            if len(modes) > 2:
                training = not training
            return tf.train.shuffle_batch([line], 4, 20, 5) if training else tf.train.batch([line], 4)
        ''',
}


@pytest.mark.parametrize("body", FLAG_AGAIN.values(), ids=list(FLAG_AGAIN))
def test_a_flag_assigned_again_between_the_producer_and_the_batch_is_refused(body):
    source = "import tensorflow.compat.v1 as tf\n\n\n" + textwrap.dedent(body)
    result = rewrite(source, to="tfdata")
    reasons = " | ".join(n.message for n in result.refused)
    assert "in an argument of" in reasons and "assigned again" in reasons, result.notes
    assert result.code == source


READER_LIB = '''\
import tensorflow.compat.v1 as tf


def read_one(filename_queue, shift=0):
    _, line = tf.TextLineReader().read(filename_queue)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    return a + shift, b
'''

JOIN_CALLER = '''\
import tensorflow.compat.v1 as tf

from readers_lib import read_one


def batches(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    {lists}
    {extra}
    return tf.train.batch_join(lists, batch_size=4)
'''

JOIN_REFUSED = {
    "the queue read beyond the readers": ("lists = [read_one(queue) for _ in range(2)]", "n = queue.size()",
                                          "`queue` is used beyond the join"),
    "each reader given its index": ("lists = [read_one(queue, i) for i in range(2)]", "",
                                    "is given the comprehension's `i`"),
}


@pytest.mark.parametrize("lists, extra, reason", JOIN_REFUSED.values(), ids=list(JOIN_REFUSED))
def test_a_join_over_another_modules_reader_function_is_refused_where_it_cannot_move(tmp_path, lists, extra, reason):
    lib, caller = str(tmp_path / "readers_lib.py"), str(tmp_path / "train.py")
    source = JOIN_CALLER.format(lists=lists, extra=extra)
    results = rewrite_tree({lib: READER_LIB, caller: source}, root=str(tmp_path))
    reasons = " | ".join(n.message for n in results[caller].refused)
    assert reason in reasons, results[caller].notes
    assert results[caller].code == source and results[lib].code == READER_LIB


MEMO = '''\
import tensorflow.compat.v1 as tf


class Rows(object):

    def __init__(self, files):
        self.files = files
        self._queue = None

    @property
    def queue(self):
        if self._queue is None:
            self._queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        return self._queue

    def _read(self):
        _, line = tf.TextLineReader().read(self.queue)
        return [line]

    def batches(self):
        rows = [self._read() for _ in range(2)]
        {extra}
        return tf.train.batch_join(rows, batch_size=4)
'''

MEMO_KEPT = {
    "the queue read twice": "size = self.queue.size()",
    "the attribute set again": "self._queue = None",
    "the reader method called twice": "more = self._read()",
    # (the batching method that would make the queue, run twice: legacy's two runs shared the memoized queue)
    "the batching method called twice": "\n\ndef both(files):\n    rows = Rows(files)\n"
                                        "    return rows.batches(), rows.batches()\n",
}


@pytest.mark.parametrize("extra", MEMO_KEPT.values(), ids=list(MEMO_KEPT))
def test_a_memoized_queue_used_beyond_its_one_read_is_not_moved(extra):
    """A second consumer of the memoized queue shares it in legacy: made where the one read is, each would get
    a queue of its own (every file twice); so the program stays as written, its join refused."""
    from tfdata_bridge._src.migrate.memo_queue import made_where_read
    import libcst as cst

    source = MEMO.format(extra=extra) if not extra.startswith("\n") else MEMO.format(extra="") + extra
    module = cst.parse_module(source)
    assert made_where_read(module) is module
    result = rewrite(source, to="tfdata")
    assert result.refused and result.code == source, result.notes


def test_a_memoized_queue_read_once_is_made_where_it_is_read():
    result = rewrite(MEMO.format(extra=""), to="tfdata")
    assert not result.refused, result.notes
    assert "def queue" not in result.code and "_queue" not in result.code and "cycle_length=2" in result.code


def test_a_flag_chosen_by_an_if_before_the_producer_keeps_the_choice():
    """Bound twice, but both before the producer: the value the rewrite reads at the choice is legacy's."""
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf


        def batches(files, mode):
            if mode == "train":
                training = True
            else:
                training = False
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=training)
            _, line = tf.TextLineReader().read(queue)
            if training:
                return tf.train.shuffle_batch([line], batch_size=4, capacity=20, min_after_dequeue=5)
            return tf.train.batch([line], batch_size=4)
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert result.code.count("if training:") == 2 and "_producer(" not in result.code, result.code


def test_a_flag_of_a_method_read_from_self_keeps_the_choice():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf
        from tensorflow.compat.v1 import train as tft


        class Inputs(object):
            def __init__(self, files, mode):
                self.files, self.mode = files, mode

            def build(self, batch_size):
                is_train = self.mode == "train"
                q = tft.string_input_producer(self.files, num_epochs=None if is_train else 1, shuffle=is_train)
                _, rec = tf.TFRecordReader().read(q)
                x = tf.parse_single_example(rec, {"x": tf.FixedLenFeature([3], tf.float32)})["x"]
                if not is_train:
                    xs = tft.batch([x], batch_size)
                else:
                    xs = tft.shuffle_batch([x], batch_size, capacity=50, min_after_dequeue=10)
                return xs
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "if is_train:\n" in code and "if not is_train:\n" in code and ".repeat(None if is_train else 1)" in code
    assert "string_input_producer(" not in code and "TFRecordReader()" not in code


def test_a_memoized_queue_read_in_a_loop_of_its_caller_is_not_moved():
    """``for``: made where the read is called, the queue would be made once per pass, where the memo made one."""
    from tfdata_bridge._src.migrate.memo_queue import made_where_read
    import libcst as cst

    source = MEMO.format(extra="").replace("rows = [self._read() for _ in range(2)]",
                                           "rows = []\n        for _ in range(2):\n            rows.append(self._read())")
    module = cst.parse_module(source)
    assert made_where_read(module) is module
    moved = made_where_read(cst.parse_module(MEMO.format(extra="")))
    assert "def queue" not in moved.code and "self._read(filename_queue)" in moved.code
