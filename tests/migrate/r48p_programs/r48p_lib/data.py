"""Data for the r48p programs: text shards of `ident,length` lines, and a drain of a batch until the queue ends."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_shards(folder, shards, per_shard, start=0):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    paths = []
    for s in range(shards):
        path = os.path.join(folder, "part-%05d-of-%05d" % (s, shards))
        with open(path, "w") as f:
            for i in range(per_shard):
                ident = start + s * per_shard + i
                f.write("%d,%d\n" % (ident, 1 + ident % 4))
        paths.append(path)
    return os.path.join(folder, "part-*")


def drain(sess, tensors, tag):
    out = []
    try:
        while True:
            values = sess.run(tensors)
            out.append([np.asarray(v).tolist() for v in values])  # (`tag`: the caller's name for it)
    except tf.errors.OutOfRangeError:
        pass
    return out
