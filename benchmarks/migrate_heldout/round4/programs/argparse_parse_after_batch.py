"""Vectorized-parsing shape with argparse FLAGS: shuffle_batch of the serialized records, then `parse_example` on
the batch. `import tensorflow as tf` TF1-style through `tf.compat.v1`; `start_queue_runners(coord=coord)`
with the default session."""

import argparse
import os

import tensorflow as tf


def get_flags(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch_size", type=int, default=32)
    parser.add_argument("--num_epochs", type=int, default=1)
    parser.add_argument("--min_after_dequeue", type=int, default=64)
    parser.add_argument("--train_pattern", default="records-*.tfrecord")
    return parser.parse_args(argv or [])


def read_batch(flags, data_dir):
    files = tf.io.gfile.glob(os.path.join(data_dir, flags.train_pattern))
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=flags.num_epochs)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    capacity = flags.min_after_dequeue + 3 * flags.batch_size
    serialized_batch = tf.compat.v1.train.shuffle_batch(
        [serialized], batch_size=flags.batch_size, capacity=capacity,
        min_after_dequeue=flags.min_after_dequeue, num_threads=2, allow_smaller_final_batch=True)
    parsed = tf.compat.v1.parse_example(serialized_batch, features={
        "x": tf.compat.v1.FixedLenFeature([3], tf.float32),
        "label": tf.compat.v1.FixedLenFeature([], tf.int64),
    })
    return parsed["x"], parsed["label"]


def main(data_dir):
    flags = get_flags()
    x, label = read_batch(flags, data_dir)
    batches = []
    end = None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                xs, ls = sess.run([x, label])
                batches.append([xs.tolist(), ls.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
