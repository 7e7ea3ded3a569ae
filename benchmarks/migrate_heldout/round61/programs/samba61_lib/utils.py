"""CS-style assignment helpers: constants and the record writer for the samba school scores."""
import os
import numpy as np
import tensorflow.compat.v1 as tf

# "flags"
BATCH_SIZE = 2
NUM_SHARDS = 2
PER_SHARD = 5
N_JUDGES = 4
QUESITOS = ['bateria', 'enredo', 'harmonia', 'evolucao', 'fantasia']


def write_shards(folder):
    rng = np.random.RandomState(61)
    if not os.path.exists(folder):
        os.makedirs(folder)
    k = 0
    for s in range(NUM_SHARDS):
        path = os.path.join(folder, 'desfile-%05d-of-%05d.tfrecords' % (s, NUM_SHARDS))
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(PER_SHARD):
                notas = [float(v) for v in np.round(rng.uniform(9.0, 10.0, size=N_JUDGES), 1)]
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'escola': tf.train.Feature(int64_list=tf.train.Int64List(value=[k])),
                    'quesito': tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[QUESITOS[k % len(QUESITOS)].encode()])),
                    'notas': tf.train.Feature(float_list=tf.train.FloatList(value=notas)),
                }))
                w.write(ex.SerializeToString())
                k += 1
    return folder
