"""An input producer's values that call something are made once in the migrated code, as the producer made
them once where the graph was built: the shuffle buffer that counts them reads a name bound to them, not a
second call (``generate._epochs``). A producer that never shuffles keeps its values inline."""

from __future__ import annotations

import pytest

from tfdata_bridge.migrate import rewrite

PROGRAM = '''\
import tensorflow.compat.v1 as tf


def listed(d):
    return [d + "/a.tfrecord", d + "/b.tfrecord"]


def inputs(d, training):
    {target} = {producer}
{read}
    return tf.train.batch([value], batch_size=2)
'''
READ_FILES = "    _, value = tf.TFRecordReader().read(queue)"
READ_ONE = "    value = queue.dequeue()"


@pytest.mark.parametrize("producer, read", [
    ("tf.train.string_input_producer(listed(d), shuffle=training)", READ_FILES),
    ("tf.train.string_input_producer(listed(d))", READ_FILES),
    ("tf.train.slice_input_producer([tf.constant(listed(d))], shuffle=training)", ""),
    ("tf.train.input_producer(tf.constant(listed(d)))", READ_ONE),
], ids=["files-flag", "files-shuffled", "slices-flag", "elements-shuffled"])
def test_values_that_call_something_are_made_once(producer, read):
    target = "value," if "slice" in producer else "queue"
    result = rewrite(PROGRAM.format(target=target, producer=producer, read=read), to="tfdata")
    assert not result.refused, result.notes
    body = result.code.split("def inputs", 1)[1]
    assert body.count("listed(d)") == 1, body  # the dataset and its shuffle buffer read one name
    assert "shuffle(" in body


def test_values_never_shuffled_stay_inline():
    result = rewrite(PROGRAM.format(target="queue", producer="tf.train.string_input_producer(listed(d), shuffle=False)",
                                    read=READ_FILES), to="tfdata")
    body = result.code.split("def inputs", 1)[1]
    assert "from_tensor_slices(listed(d))" in body and "shuffle(" not in body
