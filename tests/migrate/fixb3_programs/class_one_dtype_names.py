"""One dtype, names=, enqueue_many of a placeholder dict, from a package class; one thread: legacy's order."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from fixb3_lib import streams


def main(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    path = os.path.join(data_dir, "fixb3_pairs.npy")
    np.save(path, np.arange(28, dtype=np.int64).reshape(14, 2) * 3)
    pairs = np.load(path)
    blocks = [pairs[i:i + 3] for i in range(0, len(pairs), 3)]
    stream = streams.PairStream(4)
    total = tf.reduce_sum(stream.batch['pair'], axis=1)
    sess = tf.Session()
    t = stream.start(sess, blocks)
    out = []
    while True:
        try:
            p, s = sess.run([stream.batch['pair'], total])
        except tf.errors.OutOfRangeError:
            break
        out.append([p.tolist(), s.tolist()])
    sess.close()
    return {"batches": out, "end": "pairs: %d" % sum(len(b[0]) for b in out)}
