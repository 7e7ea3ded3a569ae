"""Inception's ``batch_inputs`` in the forms round 69 met: the choices made by a comparison (``self.mode ==
'train'``, ``mode == 'train'``) as by a plain flag, the examples queue chosen by a conditional expression after the
producers' ``if`` of the same test, and the data set's ``reader()`` reached through an object the instance keeps
from its constructor (``self.dataset.reader()``, ``dataset = self.dataset`` behind a property), the class every
construction in the tree hands it. Each path is its own chain: the files shuffled or not, k readers an interleave
(and, training, the ``RandomShuffleQueue`` a ``shuffle``), one reader the files in order.

The programs of ``fixF4_programs/`` (a package holding the data set and a processor base and subclass; a module
function with a module constant flag and a flags object; a class keeping its data set behind a property) are
migrated as one tree and run against their originals: one reader and one copy in order, exactly; where a
program also reads shuffled or several readers' rows, as a multiset. Where the object's class is not one, the pipeline is left with the reason."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF4_programs"
COMPARE = {"class_modes_eval_and_train": "multiset", "constant_flag_ifexp_queue": "multiset",
           "property_dataset_is_training": "exact"}


@pytest.mark.timeout(300)
def test_the_inception_batch_inputs_forms_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert sorted(p.stem for p in programs) == sorted(COMPARE)
    processing = code["processing.py"]
    assert processing.count("make_one_shot_iterator") == 4  # train/eval x k readers/one reader
    assert ".shuffle(min_after + 3 * self.batch_size)" in processing
    assert "cycle_length=self.num_readers" in processing and "Queue(" not in processing
    assert "self.dataset.reader()" not in processing
    assert code["constant_flag_ifexp_queue.py"].count("make_one_shot_iterator") == 2
    assert "    if TRAINING:\n" in code["constant_flag_ifexp_queue.py"]
    assert code["property_dataset_is_training.py"].count(".interleave(tf.data.TFRecordDataset") == 2
    assert "def reader(self)" not in code["shards.py"]  # (no read calls the factory any more)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE[name])


_LIB = '''\
import tensorflow.compat.v1 as tf


class Shards(object):
    def __init__(self, files):
        self.files = files

    def reader(self):
        return tf.TFRecordReader()


class OtherShards(Shards):
    def reader(self):
        return tf.TFRecordReader()
'''

_PROCESSOR = '''\
import tensorflow.compat.v1 as tf
from lib import Shards, OtherShards


class Processor(object):
    def __init__(self, mode, dataset):
        self.mode = mode
        self.dataset = dataset

    def batch(self, num_readers=2):
        if self.mode == "train":
            filename_queue = tf.train.string_input_producer(self.dataset.files, shuffle=True)
        else:
            filename_queue = tf.train.string_input_producer(self.dataset.files, shuffle=False)
        if self.mode == "train":
            examples_queue = tf.RandomShuffleQueue(capacity=20, min_after_dequeue=5, dtypes=[tf.string])
        else:
            examples_queue = tf.FIFOQueue(capacity=20, dtypes=[tf.string])
        enqueue_ops = []
        for _ in range(num_readers):
            reader = self.dataset.reader()
            _, value = reader.read(filename_queue)
            enqueue_ops.append(examples_queue.enqueue([value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
        example_serialized = examples_queue.dequeue()
        number = tf.strings.to_number(example_serialized)
        return tf.train.batch([number], batch_size=4)


def main():
    return Processor("train", Shards(["a"])).batch()
'''


@pytest.mark.parametrize("old, new, why", [
    pytest.param("", "", None, id="one-class-handed-rewritten"),
    pytest.param('    return Processor("train", Shards(["a"])).batch()',
                 '    Processor("eval", OtherShards(["b"])).batch()\n    return Processor("train", Shards(["a"])).batch()',
                 "chosen by a branch", id="two-classes-handed"),
    pytest.param("    def batch(self, num_readers=2):",
                 "    def swap(self, other):\n        self.dataset = other\n\n    def batch(self, num_readers=2):",
                 "chosen by a branch", id="set-again-in-a-method"),
    pytest.param('    return Processor("train", Shards(["a"])).batch()',
                 '    p = Processor("train", Shards(["a"]))\n    p.dataset = OtherShards(["b"])\n    return p.batch()',
                 "chosen by a branch", id="set-on-the-object-outside"),
])
def test_an_examples_queue_whose_reader_class_is_not_one_is_left_with_the_reason(old, new, why):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    source = _PROCESSOR.replace(old, new) if old else _PROCESSOR
    assert (source != _PROCESSOR) == bool(old)
    results = rewrite_tree({"/t/lib.py": _LIB, "/t/proc.py": source}, root="/t")
    result = results["/t/proc.py"]
    if why is None:  # (the same processor handed one class: each path its chain, the reader followed)
        assert not result.refused, result.notes
        assert result.code.count("make_one_shot_iterator") == 2 and ".shuffle(20)" in result.code
        return
    assert result.code == source
    assert any(why in n.message for n in result.refused), result.notes


_TWO_IFS = """\
if {test}:
    files = producer(True)
else:
    files = producer(False)
{between}
if {test}:
    queue = shuffled()
else:
    queue = in_order()
"""


@pytest.mark.parametrize("test, between, merged", [
    pytest.param('self.mode == "train"', "n = 4", True, id="attribute-compared"),
    pytest.param("mode in ('train', 'tune')", "if n is None:\n    n = 2", True, id="in-a-tuple-after-a-default"),
    pytest.param("not FLAGS.eval", "n = 4", True, id="negated-flag"),
    pytest.param("self.is_train()", "n = 4", False, id="test-calls"),
    pytest.param("flags[0] == 1", "n = 4", False, id="subscript"),
    pytest.param('self.mode == "train"', 'self.mode = "eval"', False, id="test-rebound-between"),
    pytest.param('self.mode == "train"', "self = other", False, id="owner-rebound-between"),
])
def test_two_ifs_of_one_test_that_calls_nothing_merge_into_one_choice(test, between, merged):
    import libcst as cst

    from tfdata_bridge._src.migrate.choice_shapes import merge_same_tests

    body = list(cst.parse_module(_TWO_IFS.format(test=test, between=between)).body)
    out = merge_same_tests(body)
    assert (out is not body) == merged
    if merged:
        code = cst.Module(out).code
        assert code.endswith(f"if {test}:\n    files = producer(True)\n    queue = shuffled()\nelse:\n"
                             "    files = producer(False)\n    queue = in_order()\n"), code


def test_an_examples_queue_as_a_conditional_expression_after_the_producers_if_becomes_its_if():
    import libcst as cst

    from tfdata_bridge._src.migrate.choice_shapes import expand_ifexps

    source = ("def f(train):\n    if train:\n        q = a()\n    else:\n        q = b()\n"
              "    e = (Shuffled(4) if train else Fifo(4))\n    g = (Shuffled(4) if other else Fifo(4))\n")
    out = expand_ifexps(cst.parse_module(source)).code
    assert "    if train:\n        e = Shuffled(4)\n    else:\n        e = Fifo(4)\n" in out
    assert "    g = (Shuffled(4) if other else Fifo(4))\n" in out  # (no ``if other:`` before it)
    alone = "def f(train):\n    e = Shuffled(4) if train else Fifo(4)\n"
    assert expand_ifexps(cst.parse_module(alone)).code == alone
