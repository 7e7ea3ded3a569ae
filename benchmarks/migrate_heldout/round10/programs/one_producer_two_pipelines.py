"""One `string_input_producer` used by two pipelines (a training batch and a "held-out" batch built in two
functions on the same filename queue, as some multi-task repositories did); the loop takes from each in turn
until both end. Batch sizes divide a file's records, so every batch is full whichever pipeline gets which file."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def parse(serialized):
    parsed = tf.parse_single_example(serialized, {
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    return parsed["x"], parsed["label"]


def train_pipeline(filename_queue, batch_size):
    reader = tf.TFRecordReader(name="train_reader")
    _, value = reader.read(filename_queue)
    x, label = parse(value)
    return train.batch([x, label], batch_size=batch_size, num_threads=1, capacity=batch_size * 2,
                       name="train_batch")


def heldout_pipeline(filename_queue, batch_size):
    reader = tf.TFRecordReader(name="heldout_reader")
    _, value = reader.read(filename_queue)
    x, label = parse(value)
    return train.batch([x * 1.0, label], batch_size=batch_size, num_threads=1, capacity=batch_size * 2,
                       name="heldout_batch")


def main(data_dir):
    filenames = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    filename_queue = train.string_input_producer(filenames, num_epochs=3, shuffle=False)
    pipelines = {"train": train_pipeline(filename_queue, 15), "heldout": heldout_pipeline(filename_queue, 15)}
    batches = []
    live = ["train", "heldout"]
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        while live:
            for name in list(live):
                try:
                    x, label = sess.run(pipelines[name])
                except tf.errors.OutOfRangeError:
                    live.remove(name)
                    continue
                batches.append([x.tolist(), label.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
