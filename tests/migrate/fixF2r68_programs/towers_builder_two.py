"""A prefetch queue of batches (another module's helper, its class an inline conditional, the flag True) handed
with a nested tower function to a tower builder: each of the two towers' dequeues takes the next batch (they
compete for them), as each `get_next()` of one iterator does."""
import os

import tensorflow.compat.v1 as tf

from f2r_lib.towers import build_towers, prefetched


def main(data_dir):
    path = os.path.join(data_dir, "f2_towers.csv")
    with open(path, "w") as f:
        for i in range(16):
            f.write("%d,%d\n" % (i, i % 3))
    names = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, row = tf.TextLineReader().read(names)
    key, klass = tf.decode_csv(row, record_defaults=[[0], [0]])
    keys, klasses = tf.train.batch([key, klass], batch_size=2, capacity=6)
    q = prefetched([keys, klasses], capacity=4, dynamic_pad=True)

    def tower(queue):
        k, c = queue.dequeue()
        return k * 10 + c

    outs = build_towers(2, tower, [q])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run(outs)
                batches.append([sorted(a.tolist() + b.tolist())])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
