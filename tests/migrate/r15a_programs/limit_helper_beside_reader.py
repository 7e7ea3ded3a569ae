"""A reader pipeline and a `limit_epochs` pipeline run together (as the style-transfer input): the limited
tensor made by a helper from a parameter, `from tensorflow.compat.v1 import train`; the count a parameter."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def label_batch(files):
    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    _, _, label = tf.decode_csv(line, [[0], [0.0], [0]])
    return train.batch([label], batch_size=6)


def offset_batch(base, repeats):
    offset = tf.constant(base, tf.int32) + tf.range(2)
    offset = train.limit_epochs(offset, num_epochs=repeats)
    return train.batch([offset], batch_size=3, allow_smaller_final_batch=True)


def main(data_dir):
    labels = label_batch(sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))[:1])
    offsets = offset_batch(40, repeats=7)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([labels, offsets])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
