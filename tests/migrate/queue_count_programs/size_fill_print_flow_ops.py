"""`data_flow_ops` queue (keywords), two enqueue threads, a fill fraction made of `queue.size()` for a summary and
printed each step, read by `dequeue_many` (the tail dropped), as the queue tutorials did."""
import os

import tensorflow as tf
from tensorflow.python.ops import data_flow_ops

tf1 = tf.compat.v1


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
    filename_queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, serialized = tf1.TFRecordReader().read(filename_queue)
    example = tf1.parse_single_example(serialized, features={"x": tf1.FixedLenFeature([3], tf.float32),
                                                             "label": tf1.FixedLenFeature([], tf.int64)})
    x = example["x"] * 2.0
    examples = data_flow_ops.FIFOQueue(capacity=20, dtypes=[tf.float32, tf.int64], shapes=[[3], []])
    enqueue = examples.enqueue([x, example["label"]])
    tf1.train.add_queue_runner(tf1.train.QueueRunner(queue=examples, enqueue_ops=[enqueue] * 2))
    fill = tf.cast(examples.size(), tf.float32) * (1.0 / 20)
    tf1.summary.scalar("queue/fill", fill)
    xs, labels = examples.dequeue_many(5)

    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                print("fill: {:.2f}".format(sess.run(fill)))
                a, b = sess.run([xs, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
