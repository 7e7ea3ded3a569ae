"""The reader class in a package module; two threads, the last to end closes (held-out round 57's form)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from fixB2_lib.wav_reader import SoundReader, write_sounds


def main(data_dir):
    folder = os.path.join(data_dir, 'fixB2_class_countdown_package')
    write_sounds(folder)
    coord = tf.train.Coordinator()
    reader = SoundReader(folder, coord)
    audio, label = reader.dequeue(3)
    energy = tf.reduce_sum(tf.square(audio), axis=1)
    sess = tf.Session()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    reader.start_threads(sess, n_threads=2)
    batches = []
    try:
        while True:
            a, l, e = sess.run([audio, label, energy])
            batches.append([np.round(a.astype(np.float64), 2).tolist(), l.tolist(),
                            np.round(e.astype(np.float64), 3).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads + reader.threads)
    sess.close()
    return {"batches": batches, "end": "pieces: %d" % sum(len(b[1]) for b in batches)}
