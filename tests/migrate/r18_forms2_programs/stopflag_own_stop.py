"""The loop asks for its own stop after a label sum passes a bound (`coord.request_stop()`), the coordinator
imported by name; the result records `should_stop()` before and after."""
import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1.train import Coordinator, start_queue_runners


def labels(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, value = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(value, {"label": tf.FixedLenFeature([], tf.int64)})
    return tf.train.batch([parsed["label"]], batch_size=3)


def main(data_dir):
    batch = labels(sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord"))))
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        stop = Coordinator()
        threads = start_queue_runners(sess, stop)
        before = stop.should_stop()
        total = 0
        while not stop.should_stop():
            values = sess.run(batch)
            total += int(values.sum())
            batches.append(values.tolist())
            if total > 40:
                stop.request_stop()
        stop.join(threads)
    return {"batches": batches, "end": [before, stop.should_stop(), total]}
