"""Session-based recommendation input: an `enum.Enum` mode chooses `shuffle_batch` or `batch`, and the builder
returns the batch together with its own `tf.group` initialiser."""

import enum
import glob
import os

import tensorflow.compat.v1 as tf


class Mode(enum.Enum):
    TRAIN = "train"
    EVAL = "eval"


def parse_click(serialized):
    example = tf.parse_single_example(serialized, {
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    item = tf.cast(example["x"][0], tf.int64)
    dwell = example["x"][1] - example["x"][2]
    clicked = tf.cast(tf.equal(example["label"] % 4, 0), tf.int32)
    return item, dwell, clicked


def build_input(mode, files, batch_size=10):
    """Returns ((items, dwell, clicked), init_op)."""
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=mode is Mode.TRAIN, seed=3)
    _, serialized = tf.TFRecordReader().read(queue)
    item, dwell, clicked = parse_click(serialized)
    if mode is Mode.TRAIN:
        batch = tf.train.shuffle_batch([item, dwell, clicked], batch_size=batch_size, capacity=80,
                                       min_after_dequeue=20, num_threads=2, seed=5,
                                       allow_smaller_final_batch=True)
    else:
        batch = tf.train.batch([item, dwell, clicked], batch_size=batch_size, allow_smaller_final_batch=True)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer(), name="input_init")
    return batch, init_op


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord")))
    (items, dwell, clicked), init_op = build_input(Mode.TRAIN, files)
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, d, c = sess.run([items, dwell, clicked])
                batches.append([i.tolist(), d.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
