"""Choir stems: a source-separation research feeder (multitrack placeholders, one thread running
enqueue_many of framed songs into a FIFOQueue, the model side taking dequeue_many)."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from choir72_sep import Input
from choir72_sep import Utils

FRAME_LEN = 4
BATCH = 2


def write_songs(folder):
    rng = np.random.RandomState(44)
    paths = []
    for i in range(2):
        voice = np.round(rng.uniform(-1, 1, size=10), 2)
        acc = np.round(rng.uniform(-1, 1, size=10), 2)
        path = os.path.join(folder, 'song%d.npz' % i)
        np.savez(path, mix=voice + acc, acc=acc, voice=voice)
        paths.append(path)
    return paths


def feed(sess, coord, paths, enqueue_op, placeholders, queue):
    mix_ph, acc_ph, voice_ph = placeholders
    try:
        for path in paths:
            if coord.should_stop():
                break
            mix, acc, voice = Input.load_stems(path)
            sess.run(enqueue_op, feed_dict={
                mix_ph: Utils.frame_windows(mix, FRAME_LEN, 2),
                acc_ph: Utils.frame_windows(acc, FRAME_LEN, 2),
                voice_ph: Utils.frame_windows(voice, FRAME_LEN, 2)})
    except Exception as e:
        coord.request_stop(e)
    finally:
        sess.run(queue.close())


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_choir')
    os.makedirs(folder, exist_ok=True)
    paths = write_songs(folder)

    sep_input_shape = [None, FRAME_LEN]
    placeholders = Input.get_multitrack_placeholders(sep_input_shape, name="_train")
    queue = Input.get_multitrack_queue(sep_input_shape, capacity=16)
    enqueue_op = queue.enqueue_many(list(placeholders))
    mix_batch, acc_batch, voice_batch = queue.dequeue_many(BATCH)

    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        t = threading.Thread(target=feed, args=(sess, coord, paths, enqueue_op, placeholders, queue))
        t.daemon = True
        t.start()
        try:
            while True:
                m, a, v = sess.run([mix_batch, acc_batch, voice_batch])
                batches.append([np.round(m, 3).tolist(), np.round(a, 3).tolist(), np.round(v, 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join([t])
    return {"batches": batches, "end": "frames: %d" % (BATCH * len(batches))}
