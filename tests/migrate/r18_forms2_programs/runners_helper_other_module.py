"""The runners are started by helpers of another module, one imported by name under another name, one through
its module; the second returns no threads, so the caller joins the coordinator's own."""
import glob
import os

import tensorflow.compat.v1 as tf

import r18f2_lib.runners as runners
from r18f2_lib.runners import start_all as launch


def label_batches(files, epochs):
    queue = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
    _, value = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(value, {"label": tf.FixedLenFeature([], tf.int64)})
    return tf.train.batch([parsed["label"]], batch_size=4, allow_smaller_final_batch=True)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord")))
    batch = label_batches(files, 2)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = launch(sess, coord)
        first = []
        try:
            while not coord.should_stop():
                first.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    batch2 = label_batches(files[:1], 1)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        second_coord = tf.train.Coordinator()
        runners.start_quietly(sess, second_coord)
        second = []
        try:
            while True:
                second.append(sess.run(batch2).tolist())
        except tf.errors.OutOfRangeError:
            pass
        second_coord.request_stop()
        second_coord.join()
    return {"batches": first + second, "end": len(second)}
