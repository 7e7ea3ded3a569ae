"""Two towers of a towers model (package): in each step the towers take other records (one reader shared),
never one twice; which tower gets which is the threads' race, so what is compared is that (small queues over
many records: neither tower's queue can hold the records the other needs)."""
import os

import tensorflow.compat.v1 as tf

from ft_lib import records, towers


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "f8_two"), count=40)
    net = towers.TowerNet(files, ["cpu:0", "cpu:0"], batch_size=2, capacity=2)
    fetch = [net.outs[0][0], net.outs[1][0]]
    batches, seen = [], []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        for _ in range(2):  # (8 of the 40 records: no step meets the end)
            a, b = sess.run(fetch)
            step = a.tolist() + b.tolist()
            seen += step
            batches.append([len(step), len(set(step)), int(min(step) >= 0 and max(step) < 40)])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "distinct: %d of %d" % (len(set(seen)), len(seen))}
