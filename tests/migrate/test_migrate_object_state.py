"""A pipeline kept on an object's attributes (its source made in ``__init__``, read or batched in another method:
held-out round 7's ``image_reader_config_class``, round 8's ``dynamic_pad_sequences``) is rewritten where its
batching method is used once (``object_pipeline.py``), and otherwise left with the reason. Before, the class's own ``read()`` was taken for a
reader's ``read`` ("a reader's `read` must be called as ...") and the batch of ``self.x`` tensors was said to
have no source "in the same block".
"""

from __future__ import annotations

import pytest

from tfdata_bridge.migrate import rewrite

# a producer made in ``__init__`` and kept on the instance, read by the class's own zero-argument method
SLICED = '''\
import {tf_import}


class {cls}(object):
    def __init__({me}, paths, labels, epochs):
        {me}.epochs = epochs
        {me}.{attr} = {producer}([paths, labels], shuffle=False, num_epochs=epochs)

    def {method}({me}):
        image = tf.image.decode_png(tf.read_file({me}.{attr}[0]), channels=1)
        return tf.cast(image, tf.int32), {me}.{attr}[1]

    def batch({me}, size):
        image, label = {me}.{method}()
        return {batch}([image, label], batch_size=size, allow_smaller_final_batch=True)


def main(paths):
    images, labels = {cls}(paths, list(range(len(paths))), 2).batch(3)
    return images, labels
'''

SLICED_VARIANTS = {
    "read_self": dict(tf_import="tensorflow.compat.v1 as tf", cls="ImageReader", me="self", attr="input_queue",
                      producer="tf.train.slice_input_producer", method="read", batch="tf.train.batch"),
    "train_import_other_names": dict(
        tf_import="tensorflow.compat.v1 as tf\nfrom tensorflow.compat.v1 import train", cls="Images", me="this",
        attr="_queue", producer="train.slice_input_producer", method="read", batch="train.batch"),
    "python_import_next_example": dict(
        tf_import="tensorflow.compat.v1 as tf\nfrom tensorflow.python.training import input as tf_input",
        cls="Loader", me="self", attr="pair", producer="tf_input.slice_input_producer", method="next_example",
        batch="tf_input.batch"),
}

# the batched tensors themselves are attributes, made from a reader in ``__init__``
KEPT = '''\
import tensorflow.compat.v1 as tf


class SequenceInput(object):
    def __init__(self, files):
        queue = tf.train.string_input_producer(files, shuffle=False)
        _, serialized = tf.TFRecordReader().read(queue)
        features = tf.parse_single_example(serialized, {{"label": tf.FixedLenFeature([], tf.int64)}})
        self.length = tf.cast(features["label"] % 4 + 1, tf.int32)
        self.sequence = tf.range(self.length)

    def batch(self, size):
        return tf.train.{batch}([self.sequence, self.length], batch_size=size, dynamic_pad=True{tail})
'''


def _messages(source: str) -> list[str]:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    assert result.code == source  # nothing moved
    return [n.message for n in result.refused]


@pytest.mark.parametrize("name", sorted(SLICED_VARIANTS))
def test_a_source_kept_on_the_instance_and_read_by_an_own_method_is_now_rewritten(name):
    # (``object_pipeline.py``; run both ways in ``test_migrate_object_pipelines.py``)
    v = SLICED_VARIANTS[name]
    result = rewrite(SLICED.format(**v), to="tfdata")
    assert not result.refused, result.refused
    assert f"{v['me']}.dataset = (" in result.code and f"def {v['method']}(" not in result.code, result.code


def test_an_own_read_method_without_a_kept_source_says_it_is_no_reader():
    source = SLICED.format(**SLICED_VARIANTS["read_self"]).replace(
        "tf.read_file(self.input_queue[0])", "tf.read_file(paths[0])").replace(
        "    def read(self):", "    def read(self, paths=('a.png',)):").replace(
        "tf.cast(image, tf.int32), self.input_queue[1]", "tf.cast(image, tf.int32), 0")
    messages = _messages(source)
    assert any("`self.read()` calls `ImageReader.read`, a method of this program, not a reader's `read`, and it "
               "reads no file queue it is given" in m for m in messages), messages


@pytest.mark.parametrize("batch, tail", [("batch", ""), ("shuffle_batch", ", capacity=20, min_after_dequeue=5")])
def test_batched_attributes_of_a_class_no_code_here_uses_are_left(batch, tail):
    # no caller in the migrated code: whether the batching method runs once cannot be told
    messages = _messages(KEPT.format(batch=batch, tail=tail))
    assert any("`SequenceInput.batch` is used nowhere in the migrated code: legacy's batches of one object compete "
               "for its one queue" in m for m in messages), messages


def test_batched_attributes_of_no_other_method_keep_the_old_reason():
    source = KEPT.format(batch="batch", tail="").replace("self.sequence, self.length", "self.other, self.length") \
        .replace("        self.length =", "        self.kept =").replace("tf.range(self.length)", "tf.range(self.kept)")
    messages = _messages(source)
    assert any("no input producer, reader or zero-input `py_func` feeds this `train.batch` in the same block" in m
               for m in messages), messages
