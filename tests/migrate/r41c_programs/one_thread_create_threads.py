"""The CS 20SI queue example: float64 / int64 numpy arrays pushed whole, again and again, by a one-thread
QueueRunner started by hand into a float32 / int32 FIFOQueue; a fixed number of single samples taken."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

N_SAMPLES = 5
NUM_THREADS = 1
N_STEPS = 13


def load(data_dir):
    path = os.path.join(data_dir, 'r41c_one_thread.npz')
    rng = np.random.RandomState(3)
    np.savez(path, data=10 * rng.randn(N_SAMPLES, 3) + 1, target=rng.randint(0, 4, size=N_SAMPLES))
    loaded = np.load(path)
    return loaded['data'], loaded['target']


def main(data_dir):
    all_data, all_target = load(data_dir)
    queue = tf.FIFOQueue(capacity=4, dtypes=[tf.float32, tf.int32], shapes=[[3], []])
    enqueue_op = queue.enqueue_many([all_data, all_target])
    data_sample, label_sample = queue.dequeue()
    label_sample = label_sample * 10
    qr = tf.train.QueueRunner(queue, [enqueue_op] * NUM_THREADS)
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        enqueue_threads = qr.create_threads(sess, coord=coord, start=True)
        try:
            for step in range(N_STEPS):
                if coord.should_stop():
                    break
                data_batch, label_batch = sess.run([data_sample, label_sample])
                batches.append([[np.round(data_batch.astype(np.float64), 3).tolist()], [int(label_batch)]])
        except Exception as e:
            coord.request_stop(e)
        finally:
            coord.request_stop()
            coord.join(enqueue_threads)
    return {"batches": batches, "end": "steps: %d" % len(batches)}
