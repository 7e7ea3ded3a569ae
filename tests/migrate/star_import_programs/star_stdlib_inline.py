"""A star import of the standard library after the TensorFlow import (`join`, `basename` from `os.path`); the
pipeline inline, the reader made inline and its key dropped."""

import glob

from tensorflow.compat import v1 as tf

from os.path import *  # noqa: F401,F403


def main(data_dir):
    files = sorted(glob.glob(join(data_dir, "table-*.csv")))  # noqa: F405
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    cols = tf.decode_csv(line, [[0.0], [0.0], [0]])
    batch = tf.train.batch([cols[0] + cols[1], cols[2]], batch_size=5, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                total, label = sess.run(batch)
                batches.append([total.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end, "name": basename(files[0])}  # noqa: F405
