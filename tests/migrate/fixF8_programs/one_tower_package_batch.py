"""One tower of a towers model (package): the first tower's source, the batch in order."""
import os

import tensorflow.compat.v1 as tf

from ft_lib import records, towers


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "f8_one"))
    net = towers.TowerNet(files, ["cpu:0"])
    ids, vals = net.outs[0]
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                i, v = sess.run([ids, vals])
                batches.append([i.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
