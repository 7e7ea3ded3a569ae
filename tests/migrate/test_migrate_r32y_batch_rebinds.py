"""A batch helper whose batch re-binds its own tensor names (held-out round 32's Yelp input, the CIFAR-10 helper as
many copies write it): ``text, label = tf.train.batch([text, label], ...)`` in each branch of the shuffle switch,
then ``return text, label``. What the helper reads after the batch, on every path, is the batch's result, not the
parameter, so the helper still takes the dataset in place of its tensors (it was refused as using its tensor
"beyond the batch").

Variants in ``r32y_programs/``: the switch by a parameter the caller hands on by keyword, a summary of the batch
after the switch (``tf.compat.v1`` imported as ``tf``); the CIFAR helper under a name scope called by a train
input (``True``, positional: compared as a multiset) and an eval input (``False``: in order); a package, the helper
in one module (``from tensorflow.compat.v1 import train``, the shuffle branch ending in ``return``, no ``else``)
called from another with the module's flag; a class whose batching method (``self._batch(..., shuffle=True)``, one
tensor made in the call) re-binds its tensors, compared as a multiset: a plain method called only as
``self.name(...)`` in its class's methods is a batch helper as a module function is. Left with a note: a read of
the name where only one branch re-bound it, a read in a loop, a method called from outside its class."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r32y_programs"
SHUFFLED = {"class_method_inline_literal"}


@pytest.mark.timeout(300)
def test_the_r32y_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    yelp = code["reviews_keyword_shuffle_summary.py"]
    assert "def _create_batch(dataset, min_queue_size, batch_size, shuffle):" in yelp
    assert "text, label = tf.data.make_one_shot_iterator(batched_2).get_next()" in yelp
    assert "return _create_batch(dataset, min_queue_size, batch_size, shuffle=shuffle)" in yelp
    cifar = code["cifar_two_callers_positional.py"]
    assert "return _generate_image_and_label_batch(dataset, 5, batch_size, True)" in cifar
    assert "return _generate_image_and_label_batch(dataset_2, 5, batch_size, False)" in cifar
    lib = code["batching.py"]
    assert "def make_batch(dataset, batch_size, shuffle, min_after_dequeue=3):" in lib
    assert "batching.make_batch(dataset, batch_size, SHUFFLE)" in code["reading.py"]
    klass = code["class_method_inline_literal.py"]
    assert "def _batch(self, dataset, shuffle=False):" in klass
    assert "return self._batch(dataset, shuffle=True)" in klass
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")


_HELPER = '''\
import tensorflow.compat.v1 as tf


def make_batch(text, label, batch_size, shuffle):
{body}


def inputs(path, shuffle):
    queue = tf.train.string_input_producer([path], num_epochs=1)
    _, line = tf.TextLineReader().read(queue)
    label, text = tf.decode_csv(line, record_defaults=[[0], [""]])
    return make_batch(text, label, 4, shuffle)
'''

_ONE_BRANCH = '''\
    if shuffle:
        text, label = tf.train.shuffle_batch([text, label], batch_size, 20, 10)
    tf.summary.text("text", text)
    return text, label'''

_LOOP = '''\
    for _ in range(2):
        tf.summary.text("text", text)
        text, label = tf.train.batch([text, label], batch_size)
    return text, label'''


@pytest.mark.parametrize("body", [_ONE_BRANCH, _LOOP])
def test_a_read_that_may_mean_the_parameter_is_left_with_the_reason(body):
    result = rewrite(_HELPER.format(body=body), to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "`make_batch` uses its tensor `text` beyond the batch" in said, said


_METHOD = '''\
import tensorflow.compat.v1 as tf


class Input(object):
    def batch(self, text, label, shuffle):
        if shuffle:
            text, label = tf.train.shuffle_batch([text, label], 4, 20, 10)
        else:
            text, label = tf.train.batch([text, label], 4)
        return text, label

    def inputs(self, path):
        queue = tf.train.string_input_producer([path], num_epochs=1)
        _, line = tf.TextLineReader().read(queue)
        label, text = tf.decode_csv(line, record_defaults=[[0], [""]])
        return self.batch(text, label, False)


def other(source, text, label):
    return source.batch(text, label, True)
'''


def test_a_batching_method_called_from_outside_its_class_is_left_with_the_reason():
    result = rewrite(_METHOD, to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "`.batch` is used other than as `self.batch(...)` in its class's methods" in said, said
