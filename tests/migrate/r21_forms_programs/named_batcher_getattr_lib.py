"""The batch is made by a helper of `r21f_lib.batching`, which looks its batch function up by a config name."""

import glob
import os

import tensorflow.compat.v1 as tf

from r21f_lib.batching import make_batch


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "fixed-*.bin")))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, raw = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4).read(queue)
    pair = tf.decode_raw(raw, tf.int32)
    ids, triples = make_batch([pair[0], pair[1]])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, t = sess.run([ids, triples])
                batches.append([i.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
