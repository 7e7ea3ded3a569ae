"""A prefetch queue handed to a tower builder whose model function dequeues it once per tower (two towers: each
took the next batch): left, saying why; the program's own batch is rewritten and its plumbing stays."""
import os

import tensorflow.compat.v1 as tf

from f2r_lib.towers import build_towers, prefetched


def main(data_dir):
    path = os.path.join(data_dir, "f2_towers.csv")
    with open(path, "w") as f:
        for i in range(12):
            f.write("%d\n" % i)
    names = tf.train.string_input_producer([path], shuffle=False)
    _, row = tf.TextLineReader().read(names)
    (value,) = tf.decode_csv(row, record_defaults=[[0]])
    values = tf.train.batch([value], batch_size=2, capacity=6)
    q = prefetched([values], capacity=4, dynamic_pad=True)

    def tower(queue):
        return queue.dequeue() * 10

    outs = build_towers(2, tower, [q])
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(3):
            a, b = sess.run(outs)
            batches.append([sorted(a.tolist() + b.tolist())])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "towers"}
