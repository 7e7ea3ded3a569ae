"""Small SequenceExample shards the programs write for themselves: a context (length, speaker) and two feature
lists of varying length (frames of 2 floats, token ids)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

FRAME = 2


def write_shards(folder, shards=2, per_shard=5, seed=3):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(seed)
    files = []
    for s in range(shards):
        path = os.path.join(folder, "part-%d.tfrecord" % s)
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(per_shard):
                n = int(rng.randint(1, 5))
                ex = tf.train.SequenceExample()
                ex.context.feature["length"].int64_list.value.append(n)
                ex.context.feature["speaker"].int64_list.value.append(s * 10 + i)
                for v in np.round(rng.uniform(0, 1, size=n * FRAME), 2):
                    ex.feature_lists.feature_list["frames"].feature.add().float_list.value.append(float(v))
                for t in rng.randint(1, 9, size=int(rng.randint(1, 4))):
                    ex.feature_lists.feature_list["tokens"].feature.add().int64_list.value.append(int(t))
                w.write(ex.SerializeToString())
        files.append(path)
    return files
