"""Inception's ``batch_inputs`` as a module function whose flag is a module constant (``TRAINING``), the examples
queue chosen by a conditional expression, always filled by the readers a flags object counts, the join of
dicts."""
import collections

import tensorflow.compat.v1 as tf

from f4_lib.shards import Shards

TRAINING = True
Flags = collections.namedtuple("Flags", ["num_readers", "num_threads"])
FLAGS = Flags(num_readers=2, num_threads=2)


def parse(serialized):
    features = tf.parse_single_example(serialized, {
        "x": tf.FixedLenFeature([3], dtype=tf.float32),
        "label": tf.FixedLenFeature([], dtype=tf.int64, default_value=-1)})
    return {"x": features["x"] - 1.0, "label": features["label"]}


def batch_inputs(dataset, batch_size, num_readers):
    data_files = dataset.data_files()
    if TRAINING:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=True, num_epochs=1)
    else:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=False, num_epochs=1)
    min_after = 10
    examples_queue = (tf.RandomShuffleQueue(capacity=min_after + 3 * batch_size, min_after_dequeue=min_after,
                                            dtypes=[tf.string])
                      if TRAINING else tf.FIFOQueue(capacity=3 * batch_size, dtypes=[tf.string]))
    enqueue_ops = []
    for _ in range(num_readers):
        reader = dataset.reader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(examples_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
    example_serialized = examples_queue.dequeue()
    examples = []
    for _ in range(FLAGS.num_threads):
        example = parse(example_serialized)
        examples.append(example)
    return tf.train.batch_join(examples, batch_size=batch_size, capacity=4 * batch_size,
                               allow_smaller_final_batch=True)


def main(data_dir):
    batch = batch_inputs(Shards(data_dir), 3, FLAGS.num_readers)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                batches.append([got["x"].tolist(), got["label"].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
