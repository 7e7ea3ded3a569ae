"""The reader class is looked up by a key known only when the program runs: one chain per format."""

import glob
import os

import tensorflow.compat.v1 as tf


def records(files, fmt):
    formats = {"tfrecord": tf.TFRecordReader, "text": tf.TextLineReader}
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader_cls = formats[fmt]
    _, value = reader_cls().read(queue)
    size = tf.strings.length(value)
    return tf.train.batch([value, size], batch_size=8, allow_smaller_final_batch=True)


def main(data_dir, fmt="tfrecord"):
    pattern = "records-*.tfrecord" if fmt == "tfrecord" else "table-*.csv"
    values, sizes = records(sorted(glob.glob(os.path.join(data_dir, pattern))), fmt)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                v, s = sess.run([values, sizes])
                batches.append([len(v), s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
