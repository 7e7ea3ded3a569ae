"""A hand-built filename queue (``filename_queue.py``), found by the fifth held-out round
(``records_input_fn_queue``): ``FIFOQueue(n, tf.string)`` filled by ``enqueue_many([limit_epochs(files, k)])``,
its own ``QueueRunner`` (a close op, ``queue_closed_exception_types``), a reader on it. It is
``string_input_producer(files, num_epochs=k, shuffle=False)``, in a reader helper or read directly; the forms
that would not be the same (several enqueue threads, a shared queue, an end that is an error, the queue used
otherwise, a file list changed in place) stay, each with its reason.
"""

from __future__ import annotations

import textwrap

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge.migrate import rewrite


# an input_fn helper that builds its own filename queue; ``{queue}`` is its queue lines
HELPER = '''\
import os
import random

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def parse(example):
    f = tf.parse_single_example(example, {{"x": tf.FixedLenFeature([3], tf.float32),
                                           "label": tf.FixedLenFeature([], tf.int64)}})
    return f["x"] * 2.0, f["label"]


def input_fn(data_dir, num_epochs=None, shuffle=False, shared_name=None):
    files = sorted(tf.gfile.Glob(os.path.join(data_dir, "records-*.tfrecord")))
    if shuffle:
        random.shuffle(files)
{queue}
    reader = tf.TFRecordReader()
    _, example = reader.read(fq)
    x, label = parse(example)
    return x, label


def main(data_dir):
    x, label = input_fn(data_dir, {call})
    xs, labels = train.batch([x, label], batch_size=7, allow_smaller_final_batch=True)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess, coord)
        try:
            while len(out) < 40:
                out.append([v.tolist() for v in sess.run([xs, labels])])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {{"batches": out, "end": end}}
'''

QUEUES = {  # the same queue, spelled as real code did
    "close_op_by_name": '''\
    fq = tf.FIFOQueue(100, tf.string, shared_name=shared_name)
    enq = fq.enqueue_many([train.limit_epochs(files, num_epochs)])
    close_op = fq.close(cancel_pending_enqueues=True)
    qr = train.QueueRunner(fq, [enq], close_op,
                           queue_closed_exception_types=(tf.errors.OutOfRangeError, tf.errors.CancelledError))
    train.add_queue_runner(qr)''',
    "inline_runner_keywords": '''\
    fq = tf.FIFOQueue(capacity=16, dtypes=[tf.string], shapes=[[]])
    op = fq.enqueue_many(vals=[tf.train.limit_epochs(tensor=files, num_epochs=num_epochs)])
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(
        queue=fq, enqueue_ops=[op], cancel_op=fq.close(cancel_pending_enqueues=True)))''',
    "collection": '''\
    fq = tf.queue.FIFOQueue(8, [tf.string])
    enqueue_op = fq.enqueue_many([tf.train.limit_epochs(files, num_epochs=num_epochs)])
    runner = tf.train.QueueRunner(fq, [enqueue_op])
    tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, runner)''',
}

# read directly, not through a helper; another import style
DIRECT = '''\
import tensorflow as tf1
tf = tf1.compat.v1


def main(data_dir):
    names = tf.gfile.Glob(data_dir + "/records-*.tfrecord")
    q = tf.FIFOQueue(capacity=8, dtypes=[tf.string], shapes=[[]])
    op = q.enqueue_many([tf.train.limit_epochs(sorted(names), num_epochs=2)])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [op], q.close()))
    _, value = tf.TFRecordReader().read(q)
    ex = tf.parse_single_example(value, {"label": tf.FixedLenFeature([], tf.int64)})
    labels = tf.train.batch([ex["label"] + 1], batch_size=5, allow_smaller_final_batch=True)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append(sess.run(labels).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
'''


def _helper(queue: str = "close_op_by_name", call: str = "num_epochs=1") -> str:
    return HELPER.format(queue=QUEUES[queue], call=call)


def _leftovers(code: str) -> list[str]:
    return [w for w in ("FIFOQueue", "QueueRunner", "limit_epochs", "enqueue_many", "TFRecordReader(")
            if w in code]


@pytest.mark.parametrize("queue", sorted(QUEUES))
def test_a_helpers_hand_built_filename_queue_is_the_file_list_in_order(queue):
    result = rewrite(_helper(queue, "1, shuffle=False"), to="tfdata")
    assert not result.refused, result.notes
    assert _leftovers(result.code) == []
    assert ".repeat(1)" in result.code and "\n        .shuffle(" not in result.code
    assert "TFRecordDataset" in result.code
    assert "def input_fn(example, data_dir, shuffle" in result.code  # the queue's parameters went with it
    assert all(n.kind == "info" for n in result.notes), result.notes  # the queue is no refusal


def test_without_limit_epochs_the_files_repeat_without_end():
    text = _helper().replace("train.limit_epochs(files, num_epochs)", "files")
    result = rewrite(text, to="tfdata")
    assert not result.refused, result.notes
    assert ".repeat()" in result.code and "limit_epochs" not in result.code


def test_a_filename_queue_read_directly_goes_with_its_pipeline():
    result = rewrite(DIRECT, to="tfdata")
    assert not result.refused, result.notes
    assert _leftovers(result.code) == [] and ".repeat(2)" in result.code
    assert "from_tensor_slices(sorted(names))" in result.code


@pytest.mark.parametrize("change, reason", [
    (("[enq]", "[enq] * 2"), "one thread"),
    (("(tf.errors.OutOfRangeError, tf.errors.CancelledError)", "(tf.errors.CancelledError,)"), "OutOfRangeError"),
    (("num_epochs=1)", "num_epochs=1, shared_name='files')"), "shared_name"),
    (("train.add_queue_runner(qr)", "train.add_queue_runner(qr)\n    tf.summary.scalar('n', fq.size())"),
     "used beyond"),
    (("tf.FIFOQueue(100, tf.string,", "tf.FIFOQueue(100, tf.int32,"), "one string"),
    (("num_epochs=1)", "num_epochs=1, shuffle=True)"), "file list `files`"),
])
def test_a_queue_that_would_not_be_the_same_stays_with_its_reason(change, reason):
    text = _helper()
    assert change[0] in text
    result = rewrite(text.replace(change[0], change[1], 1), to="tfdata")
    assert "FIFOQueue" in result.code and "tf.data" not in result.code
    assert any(reason in n.message for n in result.notes), [n.message for n in result.notes]


def test_a_direct_queue_with_shared_name_stays():
    result = rewrite(DIRECT.replace("shapes=[[]])", "shapes=[[]], shared_name='f')"), to="tfdata")
    assert "FIFOQueue" in result.code and "tf.data" not in result.code
    assert any("shared_name" in n.message for n in result.notes)


@pytest.mark.timeout(300)
def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    programs = {f"helper_{q}": _helper(q) for q in sorted(QUEUES)}
    programs["direct"] = DIRECT
    pairs = {}
    for name, text in programs.items():
        result = rewrite(text, to="tfdata")
        assert not result.refused, (name, result.notes)
        pairs[name] = write_pair(tmp_path, name, text, result.code)
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=280).items():
        assert_delivers_the_same(name, want, got, "exact")  # one enqueue thread, one reader: legacy's order


DEQUEUE_JOIN = '''\
import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


def prefetch(files):
    fq = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    values = data_flow_ops.FIFOQueue(capacity=50, dtypes=[tf.string])
    reader = tf.TFRecordReader()
    ops = []
    for _ in range(2):
        _, value = reader.read(fq)
        ops.append(values.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(values, ops))
    return values


def build(files):
    holder = {source}
    pairs = []
    for _ in range(2):
        serialized = {queue}.dequeue()
        f = tf.parse_single_example(serialized, {{"label": tf.FixedLenFeature([], tf.int64)}})
        pairs.append([f["label"]])
    return tf.train.batch_join(pairs, batch_size=4)
'''


def test_a_join_over_copies_of_a_returned_queue_named_once_is_rewritten():
    # the helper's queue bound to one name and dequeued per copy: im2txt's prefetch form (copy_dequeues.py), one
    # reader's records (read by both of legacy's enqueue threads) parsed per batch (run both ways by hand on three
    # files of 7 records: 20 of 21 each way, legacy dropping a remainder that varies from run to run; the form's
    # programs run both ways in test_migrate_r21_prefetch.py)
    result = rewrite(DEQUEUE_JOIN.format(source="prefetch(files)", queue="holder"), to="tfdata")
    assert not result.refused, result.notes
    assert "batch_join" not in result.code and "TFRecordDataset(file_names)" in result.code
    assert "def prefetch" not in result.code and ".batch(4, drop_remainder=True)" in result.code


@pytest.mark.parametrize("source, queue", [("{'q': prefetch(files)}", "holder['q']")])
def test_a_join_over_copies_of_a_dequeue_stays_and_says_so(source, queue):
    result = rewrite(DEQUEUE_JOIN.format(source=source, queue=queue), to="tfdata")
    assert "batch_join" in result.code and "tf.data" not in result.code
    assert any(f"dequeues `{queue}`" in n.message and "--to compat" in n.message for n in result.notes), \
        [n.message for n in result.notes]


def test_a_module_level_filename_queue_with_an_inline_reader():
    result = rewrite(textwrap.dedent('''\
        import tensorflow.compat.v1 as tf
        files = ["a.tfrecord", "b.tfrecord"]
        q = tf.FIFOQueue(capacity=8, dtypes=[tf.string], shapes=[[]])
        op = q.enqueue_many([tf.train.limit_epochs(sorted(files), num_epochs=3)])
        tf.train.add_queue_runner(tf.train.QueueRunner(q, [op]))
        _, value = tf.TFRecordReader().read(q)
        values = tf.train.batch([value], batch_size=7)
        '''), to="tfdata")
    assert not result.refused, result.notes
    assert _leftovers(result.code) == [] and ".repeat(3)" in result.code
