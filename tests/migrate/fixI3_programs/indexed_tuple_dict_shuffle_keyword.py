"""Another import style: the batch helper imported by name, called by keyword, its tuple indexed, the dict made
by ``dict(feats, target=...)`` and shuffled; the target stays in the batched dict."""
import os

import tensorflow.compat.v1 as tf

from i3_pk.records import read_pairs, write_records
from i3_pk.shuffled import shuffled_input


def main(data_dir):
    path = os.path.join(data_dir, 'i3_shuffled.tfrecord')
    write_records(path, 9, 5)
    example = read_pairs(path, epochs=2)
    batch = shuffled_input(size=4, data=example, seed=7)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, t = sess.run([batch['value'], batch['target']])
                out.append([v.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
