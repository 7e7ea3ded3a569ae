import tensorflow as tf
import numpy as np
import pickle as pkl
import os
import threading
import sys

QUEUE_CAPACITY = 8
QUEUE_INPUT_SIZE = 3

# adapted from http://126kr.com/article/5cikb02omea
def build_queue(sess, inputs):
    queue_inputs = []
    for inp in inputs:
        shape = [QUEUE_INPUT_SIZE] + list(inp.shape[1:])
        queue_inputs.append(tf.compat.v1.placeholder(inp.dtype, shape))

    queue = tf.queue.FIFOQueue(capacity=QUEUE_CAPACITY,
            dtypes=[inp.dtype for inp in inputs],
            shapes=[inp.shape[1:] for inp in inputs])
    enqueue_op = queue.enqueue_many(queue_inputs)
    dequeue_op = queue.dequeue()

    def enqueue(sess):
        under = 0
        max_len = len(inputs[0])
        while under + QUEUE_INPUT_SIZE <= max_len:
            upper = under + QUEUE_INPUT_SIZE
            feed_dict = {ph: inp[under:upper] for ph, inp in zip(queue_inputs, inputs)}
            sess.run(enqueue_op, feed_dict=feed_dict)
            under = upper

    enqueue_thread = threading.Thread(target=enqueue, args=[sess])
    enqueue_thread.daemon = True
    enqueue_thread.start()
    return dequeue_op, enqueue_thread


def main(data_dir):
    folder = os.path.join(data_dir, "h49_karaoke_pkl")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(49)
    frames = (440.0 * 2 ** (rng.randint(-12, 12, size=(12, 4)) / 12.0)).astype(np.float32)
    voiced = (rng.rand(12) > 0.3).astype(np.int32)
    with open(os.path.join(folder, "duet_night.pkl"), "wb") as f:
        pkl.dump({"pitch": frames, "voiced": voiced}, f)

    with open(os.path.join(folder, "duet_night.pkl"), "rb") as f:
        d = pkl.load(f)
    inputs = [d["pitch"], d["voiced"]]

    sess = tf.compat.v1.Session()
    dequeue_op, thread = build_queue(sess, inputs)
    batches = []
    for step in range(len(inputs[0])):
        pitch, v = sess.run(dequeue_op)
        batches.append([[np.round(pitch.astype(np.float64), 3).tolist()], [int(v)]])
    thread.join()
    sess.close()
    return {"batches": batches, "end": "frames: %d" % len(batches)}
