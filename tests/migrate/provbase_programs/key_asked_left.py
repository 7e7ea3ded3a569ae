"""The caller asks for the record key the provider subclass stores: tf.data readers give no key, so this is left."""
import os

import tensorflow.compat.v1 as tf

from pb_lib import holders, records


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "pb_key"))
    provider = holders.RecordProvider(files, epochs=1)
    key, idx = provider.get(["key", "idx"])
    keys, idxs = tf.train.batch([tf.reshape(key, []), idx], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                ks, ix = sess.run([keys, idxs])
                batches.append([[k.decode().split("/")[-1] for k in ks], ix.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
