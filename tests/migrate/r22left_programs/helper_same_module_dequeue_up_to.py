"""A values queue made by ``data_flow_ops.FIFOQueue`` (its dtypes given by position) in a helper of the same
module, read by ``dequeue_up_to`` in a function: the short tail is kept. ``input_queue`` is another name in
``main``."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


def make_values_queue(file_pattern, capacity, num_readers=1):
    filename_queue = tf.train.string_input_producer(sorted(tf.gfile.Glob(file_pattern)), shuffle=False,
                                                    num_epochs=1)
    values_queue = data_flow_ops.FIFOQueue(capacity, [tf.string], shapes=[[]])
    enqueue_ops = []
    for _ in range(num_readers):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(values_queue, enqueue_ops))
    return values_queue


def build_inputs(file_pattern):
    input_queue = make_values_queue(file_pattern, capacity=20)
    serialized = input_queue.dequeue_up_to(7)
    features = tf.parse_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})
    return features["label"] * 10


def main(data_dir):
    labels = build_inputs(os.path.join(data_dir, "records-*.tfrecord"))
    input_queue = ["not", "a", "queue"]
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(labels).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end, "names": len(input_queue)}
