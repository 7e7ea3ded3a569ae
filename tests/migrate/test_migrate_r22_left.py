"""Held-out round 22's values queue read in batches (skip-thoughts' ``prefetch_input_data`` and ``build_inputs``): a
``FIFOQueue`` / ``RandomShuffleQueue`` filled by the enqueue ops of readers made in a loop under one
``QueueRunner`` and read by one ``dequeue_many`` (or ``dequeue_up_to``) is the batch of its dequeue
(``many_dequeues.py``): the files interleaved by the readers, ``shuffle(capacity)`` for a shuffle queue, the
batch's ``drop_remainder`` by which dequeue. Where the queue is returned by a helper, its one call in the tree
(in its module, or in another module, under an ``if`` of a model class's method, the reader kept on ``self`` as
``input_reader if input_reader else tf.TFRecordReader()``) takes the helper's statements and the dequeue stays;
a helper called twice stays, saying so.

The programs of ``r22left_programs/`` (the model class of another module dequeuing many of a shuffle queue chosen
by the mode; a same-module helper of ``data_flow_ops.FIFOQueue`` read by ``dequeue_up_to`` in a function, the
queue's name reused in ``main``; a package submodule's helper dequeued once per copy into a ``batch_join``; one
function's two readers and a shuffle queue of keys and values, the keys unread; a submodule's shuffle queue helper
imported by its bare name, its queue's settings by position) are migrated as one tree and run
against their originals: as multisets where a shuffle queue or several readers mixed them, exactly where not."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r22left_programs"
MIXED = {"model_class_other_module_dequeue_many", "one_function_readers_dequeue_many",
         "submodule_helper_copies_batch_join", "bare_name_import_shuffled_dequeue_many"}


@pytest.mark.timeout(500)
def test_the_r22_values_queue_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert all("Queue(" not in c and "QueueRunner(" not in c and ".dequeue" not in c for c in code.values()), code
    model = code["captions_model.py"]
    assert "self.reader" not in model and ".shuffle(40)" in model and ".batch(6, drop_remainder=True)" in model
    assert "def prefetch_input_data(" not in code["input_ops.py"]
    assert ".batch(7, drop_remainder=False)" in code["helper_same_module_dequeue_up_to.py"] or \
        ".batch(7)" in code["helper_same_module_dequeue_up_to.py"]
    assert "def make_values_queue(" not in code["helper_same_module_dequeue_up_to.py"]
    assert "cycle_length=num_readers" in code["one_function_readers_dequeue_many.py"]
    assert ".shuffle(50)" in code["one_function_readers_dequeue_many.py"]
    bare = code["bare_name_import_shuffled_dequeue_many.py"]
    assert ".shuffle(60)" in bare and "cycle_length=2" in bare and "shuffled_values" not in bare
    assert "def shuffled_values(" not in code["inputs.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in MIXED else "exact")


HELPER = '''\
import tensorflow.compat.v1 as tf


def prefetch_input_data(reader, file_pattern, capacity, num_reader_threads=1):
    filename_queue = tf.train.string_input_producer(tf.gfile.Glob(file_pattern), num_epochs=1)
    values_queue = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string], shapes=[[]])
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue
'''

CALLERS = '''\
import tensorflow.compat.v1 as tf

from lib import input_ops


def train_inputs(pattern):
    queue = input_ops.prefetch_input_data(tf.TFRecordReader(), pattern, capacity=20)
    return queue.dequeue_many(4)


def eval_inputs(pattern):
    queue = input_ops.prefetch_input_data(tf.TFRecordReader(), pattern, capacity=20)
    return {use}
'''


def _tree(tmp_path, use: str):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "__init__.py").write_text("")
    sources = {str(tmp_path / "lib" / "input_ops.py"): HELPER,
               str(tmp_path / "model.py"): CALLERS.format(use=use)}
    return {pathlib.Path(p).name: r for p, r in rewrite_tree(sources, root=str(tmp_path)).items()}


def test_a_returned_queue_called_for_by_two_callers_of_another_module_migrates_at_each_call(tmp_path):
    # (each call makes its own queue, reader and runner: the helper's statements stand at each, one dataset each)
    results = _tree(tmp_path, "queue.dequeue_many(8)")
    model = results["model.py"].code
    assert "Queue(" not in model and "def prefetch_input_data" not in results["input_ops.py"].code, model
    assert ".batch(4, drop_remainder=True)" in model and ".batch(8, drop_remainder=True)" in model, model


def test_a_returned_queue_one_of_two_callers_reads_otherwise_stays_saying_so(tmp_path):
    use = "queue.dequeue_many(8), queue.size()"
    results = _tree(tmp_path, use)
    helper = results["input_ops.py"]
    assert helper.code == HELPER and results["model.py"].code == CALLERS.format(use=use)
    said = " ".join(n.message for n in helper.notes)
    assert "`prefetch_input_data` is called 2 times in the tree (by `train_inputs`, `eval_inputs`)" in said, said
    assert "stand at each call only where all its calls are in one module and each caller reads" in said


def test_a_returned_queue_read_otherwise_by_its_one_caller_stays_saying_so(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "__init__.py").write_text("")
    one = CALLERS.split("\n\ndef eval_inputs")[0].replace("return queue.dequeue_many(4)",
                                                             "return queue.dequeue_many(4), queue.size()") + "\n"
    sources = {str(tmp_path / "lib" / "input_ops.py"): HELPER, str(tmp_path / "model.py"): one}
    results = {pathlib.Path(p).name: r for p, r in rewrite_tree(sources, root=str(tmp_path)).items()}
    assert results["input_ops.py"].code == HELPER
    said = " ".join(n.message for n in results["input_ops.py"].notes)
    assert "its one caller in the tree, `train_inputs` of another module, reads it in another form" in said, said


ONE_FUNCTION = '''\
import tensorflow.compat.v1 as tf


def inputs(files, batch_size):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1)
    values_queue = tf.FIFOQueue(capacity=20, dtypes=[tf.string]{shapes})
    enqueue_ops = []
    for _ in range(2):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    {read}
    return tf.parse_example(serialized, {{"label": tf.FixedLenFeature([], tf.int64)}})
'''


@pytest.mark.parametrize("shapes, read, done", [
    (", shapes=[[]]", "serialized = values_queue.dequeue_many(batch_size)", True),
    # legacy's batched dequeue fails on a queue without shapes when it runs: a batch would not
    ("", "serialized = values_queue.dequeue_many(batch_size)", False),
    # the queue read twice: each read takes other elements
    (", shapes=[[]]", "serialized = values_queue.dequeue_many(batch_size)\n    extra = values_queue.dequeue()",
     False),
])
def test_a_readers_queue_read_in_batches_in_its_function(shapes, read, done):
    from tfdata_bridge.migrate import rewrite

    result = rewrite(ONE_FUNCTION.format(shapes=shapes, read=read), to="tfdata")
    assert bool(result.refused) != done, result.notes
    if done:
        assert "cycle_length=2" in result.code and ".batch(batch_size, drop_remainder=True)" in result.code
        assert "Queue(" not in result.code and ".dequeue" not in result.code
