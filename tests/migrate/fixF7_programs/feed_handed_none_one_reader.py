"""The sluice read from a function of the program whose ``options`` and ``label`` (left ``None`` by its one call)
are handed on by keyword to ``sluice_read``; one reader, the files in turn: legacy's order exactly."""
import os

import tensorflow.compat.v1 as tf

from sluice_lib import write
from sluice_lib.sluice import sluice_read

SPEC = {"n": tf.FixedLenFeature([], tf.int64), "v": tf.FixedLenFeature([], tf.float32)}


def batches_of(pattern, reader=tf.TFRecordReader, options=None, label=None):
    _, record = sluice_read(pattern, reader, epochs=1, k=1, options=options, label=label)
    parsed = tf.parse_single_example(record, SPEC)
    return tf.train.batch([parsed["n"], parsed["v"]], batch_size=2, allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, "f7_sluice")
    write.shards(folder)
    ns, vs = batches_of(os.path.join(folder, "bit_*.tfrecord"))
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                n, v = sess.run([ns, vs])
                batches.append([n.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
