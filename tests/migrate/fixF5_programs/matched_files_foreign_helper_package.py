"""A producer of `match_filenames_once`'s names handing its queue to a reader helper of another module: the
helper is followed although the module is read again after the names' swap to `io.matching_files`."""
import os

import tensorflow.compat.v1 as tf

from f5_lib import parse
from f5_lib.rows import write_rows


def main(data_dir):
    folder = os.path.join(data_dir, "f5_matched")
    for part in range(2):
        write_rows(folder, "part_%d.csv" % part, 5 + part)
    names = tf.convert_to_tensor(tf.train.match_filenames_once(os.path.join(folder, "part_*.csv")))
    queue = tf.train.string_input_producer(names, num_epochs=1, shuffle=False)
    idx, weight = parse.lines_of(queue)
    idxs, weights = tf.train.batch([idx, weight], batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([idxs, weights])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
