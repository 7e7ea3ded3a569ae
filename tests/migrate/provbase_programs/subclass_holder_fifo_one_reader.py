"""A provider subclass of a holder base (package), not shuffled, one reader: batches in order."""
import os

import tensorflow.compat.v1 as tf

from pb_lib import holders, records


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "pb_fifo"))
    provider = holders.RecordProvider(files, epochs=1)
    level, idx = provider.get(["level", "idx"])
    levels, idxs = tf.train.batch([level * 2.0, idx], batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                lv, ix = sess.run([levels, idxs])
                batches.append([lv.tolist(), ix.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
