"""The decoder in another module, its flag tested with `not`, one call leaving it to the default."""
import os

import tensorflow as tf

from r28i_lib.archives import read_shards, write_shards

tf1 = tf.compat.v1


def main(data_dir):
    root = os.path.join(data_dir, 'r28i_helper_module')
    write_shards(root, 'a', 0, 6, gzip=False)
    write_shards(root, 'b', 50, 6, gzip=True)
    files_a = sorted(tf1.gfile.Glob(os.path.join(root, 'a_*.rec')))
    files_b = sorted(tf1.gfile.Glob(os.path.join(root, 'b_*.rec')))
    lists = [read_shards(files_a), read_shards(files_b, plain=False)]
    idx, v = tf1.train.shuffle_batch_join(lists, batch_size=3, capacity=20, min_after_dequeue=2, seed=3)
    out = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, x = sess.run([idx, v])
                out.append([i.tolist(), x.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'done'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
