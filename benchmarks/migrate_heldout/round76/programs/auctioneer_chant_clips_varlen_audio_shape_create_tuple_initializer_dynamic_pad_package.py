# Auctioneer chant clips: frames of (pitch, energy) pairs of varying length with the lot number's digit ids.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from auctioneer76 import dataset


def write(path):
    rng = np.random.RandomState(9)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(6):
            t = 2 + i % 3
            audio = np.round(rng.rand(t, 2), 3).astype(np.float32)
            text = rng.randint(1, 10, size=1 + i % 2)
            feat = {
                'uid': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'lot-%03d' % i])),
                'audio/data': tf.train.Feature(float_list=tf.train.FloatList(value=audio.ravel().tolist())),
                'audio/shape': tf.train.Feature(int64_list=tf.train.Int64List(value=list(audio.shape))),
                'text': tf.train.Feature(int64_list=tf.train.Int64List(value=text.tolist())),
            }
            w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())


def main(data_dir):
    out = os.path.join(data_dir, 'h76_auctioneer')
    if not os.path.isdir(out):
        os.makedirs(out)
    path = os.path.join(out, 'chants.tfrecord')
    write(path)

    audio, text, length, uid, init = dataset.create(path, batch_size=2, buffsize=0)
    batches = []
    with tf.Session() as sess:
        sess.run(init)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, t, l, u = sess.run([audio, text, length, uid])
                batches.append([np.round(a, 3).tolist(), t.tolist(), l.tolist(), [x.decode() for x in u]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "clips: %d" % sum(len(b[3]) for b in batches)}
