"""A RandomShuffleQueue filled by two readers made in a loop and read by ``dequeue_many`` in the function that
makes it, then parsed as a batch; the record keys it holds are not read."""

import os

import tensorflow.compat.v1 as tf


def batched_records(data_dir, batch_size, num_readers=2):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    filename_queue = tf.train.string_input_producer(files, num_epochs=1)
    examples_queue = tf.RandomShuffleQueue(capacity=50, min_after_dequeue=20, dtypes=[tf.string, tf.string],
                                          shapes=[[], []])
    enqueue_ops = []
    for _ in range(num_readers):
        reader = tf.TFRecordReader()
        key, value = reader.read(filename_queue)
        enqueue_ops.append(examples_queue.enqueue([key, value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
    _, serialized = examples_queue.dequeue_many(batch_size)
    features = tf.parse_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})
    return features["label"]


def main(data_dir):
    labels = batched_records(data_dir, 9)
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
    return {"batches": batches, "end": end}
