"""Tuba breath-pressure frames: a `load_and_enqueue(sess, enqueue_op, coord)` function run by one Python thread
feeds placeholders into a FIFOQueue; the model side takes `dequeue_many(batch_size)` for a fixed number of steps."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 4
FRAME_LEN = 5
NUM_STEPS = 3

frames_pl = tf.placeholder  # the original kept module-level names for the placeholders


def load_and_enqueue(sess, enqueue_op, coord, frames_in, notes_in, npy_path):
    data = np.load(npy_path)
    notes = data[:, 0].astype(np.int32)
    frames = data[:, 1:].astype(np.float32)
    i = 0
    while not coord.should_stop():
        idx = i % len(frames)
        try:
            sess.run(enqueue_op, feed_dict={frames_in: frames[idx], notes_in: notes[idx]})
        except (tf.errors.CancelledError, tf.errors.AbortedError):
            return
        i += 1


def main(data_dir):
    out = os.path.join(data_dir, 'h70_tuba')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(11)
    table = np.concatenate([np.arange(12).reshape(12, 1) + 36, rng.rand(12, FRAME_LEN) * 40], axis=1)
    np.save(os.path.join(out, 'breaths.npy'), table)

    frames_in = frames_pl(tf.float32, shape=[FRAME_LEN])
    notes_in = frames_pl(tf.int32, shape=[])
    q = tf.FIFOQueue(capacity=16, dtypes=[tf.float32, tf.int32], shapes=[[FRAME_LEN], []])
    enqueue_op = q.enqueue([frames_in, notes_in])
    frame_batch, note_batch = q.dequeue_many(BATCH_SIZE)
    pressure = tf.reduce_max(frame_batch, axis=1)

    sess = tf.Session()
    coord = tf.train.Coordinator()
    t = threading.Thread(target=load_and_enqueue,
                         args=(sess, enqueue_op, coord, frames_in, notes_in, os.path.join(out, 'breaths.npy')))
    t.daemon = True
    t.start()

    batches = []
    for step in range(NUM_STEPS):
        p, n = sess.run([pressure, note_batch])
        batches.append([n.tolist(), np.round(p, 3).tolist()])

    coord.request_stop()
    sess.run(q.close(cancel_pending_enqueues=True))
    t.join()
    sess.close()
    return {"batches": batches, "end": "breaths: %d" % (NUM_STEPS * BATCH_SIZE)}
