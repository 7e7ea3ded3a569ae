"""A reader helper's tuple handed to a batch helper of the same package as one parameter: unpacked, the label
put in the dict, batched, popped."""
import os

import tensorflow.compat.v1 as tf

from i3_pk import records


def main(data_dir):
    path = os.path.join(data_dir, 'i3_pairs.tfrecord')
    records.write_records(path, 7, 3)
    handed = records.read_pairs(path, 1)
    feats, labels = records.batched_pairs(handed, 3)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, t, l = sess.run([feats['value'], feats['twice'], labels])
                out.append([v.tolist(), t.tolist(), l.tolist(), sorted(feats)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
