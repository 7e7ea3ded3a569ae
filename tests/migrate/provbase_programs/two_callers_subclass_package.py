"""Two callers each make a package provider subclass (the key item named at the call), not shuffled, batches of 4
and of 3 fetched together until the first runs out."""
import os

import tensorflow.compat.v1 as tf

import pb_lib.holders
from pb_lib import records


def levels_of(files):
    provider = pb_lib.holders.RecordProvider(files, readers=1, shuffle=False, epochs=1, key_item="where")
    [level] = provider.get(["level"])
    return tf.train.batch([level], batch_size=4)


def tags_of(files):
    p = pb_lib.holders.RecordProvider(files, 1, False, 1, 8, "where")
    tag, idx = p.get(["tag", "idx"])
    return tf.train.batch([tag, idx], batch_size=3)


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "pb_two"))
    levels = levels_of(files)
    tags, idxs = tags_of(files)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                lv, tg, ix = sess.run([levels, tags, idxs])
                batches.append([lv.tolist(), [t.decode() for t in tg], ix.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
