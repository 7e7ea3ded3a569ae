"""slim's parallel reader written out in one function: two readers each enqueue their whole `read()` (key and
value) into a `data_flow_ops.RandomShuffleQueue` run by one QueueRunner; the key is dropped at the dequeue."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


def main(data_dir):
    sources = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (0, 1, 3)]
    filename_queue = tf.train.string_input_producer(sources, num_epochs=1, shuffle=True, seed=11, capacity=32)
    common_queue = data_flow_ops.RandomShuffleQueue(capacity=64, min_after_dequeue=16,
                                                    dtypes=[tf.string, tf.string], seed=11)
    enqueue_ops = []
    for _ in range(2):
        reader = tf.TFRecordReader()
        enqueue_ops.append(common_queue.enqueue(reader.read(filename_queue)))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
    _, data = common_queue.dequeue()
    parsed = tf.parse_single_example(data, {"x": tf.FixedLenFeature([3], tf.float32),
                                            "label": tf.FixedLenFeature([], tf.int64)})
    x = parsed["x"] - 0.5
    xs, labels = tf.train.batch([x, parsed["label"]], batch_size=10, num_threads=2, capacity=50,
                                allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xv, lv = sess.run([xs, labels])
                batches.append([xv.tolist(), lv.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
