"""The reader class lives in another module of the tree (`from r18f2_lib.games import LabelReader`)."""
import glob
import os

import tensorflow.compat.v1 as tf

from r18f2_lib.games import LabelReader


def main(data_dir):
    reader = LabelReader(sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord"))), epochs=2)
    labels, rests = tf.train.batch(reader.record(), batch_size=7, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([labels, rests])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done"}
