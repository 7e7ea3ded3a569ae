# Banjo takes as (anchor, positive, negative) PCM snippets of 5 samples, for a triplet-loss picker-ID model.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from banjo76 import parse_data

PCM_LEN = 5


def main(data_dir):
    out = os.path.join(data_dir, 'h76_banjo')
    if not os.path.isdir(out):
        os.makedirs(out)
    rng = np.random.RandomState(1234)
    files = []
    for shard in range(2):
        path = os.path.join(out, 'takes-%d.tfrecord' % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for _ in range(3):
                feat = {k: tf.train.Feature(float_list=tf.train.FloatList(
                    value=np.round(rng.uniform(-1, 1, PCM_LEN), 3).tolist())) for k in ('anc', 'pos', 'neg')}
                w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())
        files.append(path)

    batch = parse_data.gen_train(files, PCM_LEN, batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for step in range(100):
                b = sess.run(batch)
                batches.append([np.round(b['anc'], 3).tolist(), np.round(b['pos'], 3).tolist(),
                                np.round(b['neg'], 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "takes: %d" % sum(len(b[0]) for b in batches)}
