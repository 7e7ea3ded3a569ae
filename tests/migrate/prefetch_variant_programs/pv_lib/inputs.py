"""Inputs built from a `Shards` object passed in by the caller (another module): the object's `reader()` makes
the readers of the k-reader branch and of the one-reader branch; `train_inputs` passes it on."""

import tensorflow.compat.v1 as tf


def _decode(serialized):
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    return parsed["x"], parsed["label"]


def build(shards, batch_size, shuffle, readers, copies=2):
    queue = tf.train.string_input_producer(shards.files(), num_epochs=1, shuffle=False)
    if shuffle:
        examples = tf.RandomShuffleQueue(capacity=64, min_after_dequeue=16, dtypes=[tf.string])
    else:
        examples = tf.FIFOQueue(capacity=64, dtypes=[tf.string])
    if readers > 1:
        ops = []
        for _ in range(readers):
            reader = shards.reader()
            _, value = reader.read(queue)
            ops.append(examples.enqueue([value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples, ops))
        serialized = examples.dequeue()
    else:
        reader = shards.reader()
        _, serialized = reader.read(queue)
    rows = []
    for _ in range(copies):
        x, label = _decode(serialized)
        rows.append([x, label])
    return tf.train.batch_join(rows, batch_size=batch_size, allow_smaller_final_batch=True)


def train_inputs(shards, batch_size):
    return build(shards, batch_size, shuffle=True, readers=3)
