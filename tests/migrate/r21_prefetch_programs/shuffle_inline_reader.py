"""A prefetch helper whose `shuffled` flag is left at its default (a RandomShuffleQueue with a seed), given the
reader in place; one dequeue per copy written inside the decode call, a fixed-shape `train.batch_join`. Other
functions reuse its names."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def make_queue(files, reader, shuffled=True, readers=2):
    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    if not shuffled:
        examples = tf.FIFOQueue(20, [tf.string])
    else:
        examples = tf.RandomShuffleQueue(30, min_after_dequeue=6, dtypes=[tf.string], seed=3)
    ops = []
    for _ in range(readers):
        _, serialized = reader.read(queue)
        ops.append(examples.enqueue([serialized]))
    train.add_queue_runner(train.QueueRunner(examples, ops))
    return examples


def decode(serialized):
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([], tf.int64)})
    return features["x"], features["label"]


def names_reused(serialized):
    queue = [serialized, serialized]
    examples = len(queue)
    return examples


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
    examples = make_queue(files, tf.TFRecordReader())
    copies = []
    for i in range(3):
        x, label = decode(examples.dequeue())
        copies.append((tf.reduce_sum(x), label * 10))
    totals, labels = train.batch_join(copies, batch_size=7, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess, coord)
        try:
            while True:
                t, l = sess.run([totals, labels])
                batches.append([t.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end, "reused": names_reused("s")}
