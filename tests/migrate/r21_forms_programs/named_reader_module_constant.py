"""The reader class comes from a dict of formats by a module constant; another function reuses the names."""

import glob
import os

import tensorflow.compat.v1 as tf

READERS = {"tfrecord": tf.TFRecordReader, "text": tf.TextLineReader}
FORMAT = "text"


def describe(reader="none", FORMAT="csv"):
    return "%s/%s" % (reader, FORMAT)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = READERS[FORMAT](skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    batch = tf.train.batch([a, b * 2.0, label], batch_size=7, allow_smaller_final_batch=True)
    batches, end = [], describe()
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([x.tolist() for x in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
