import os
import threading

import numpy as np
import tensorflow as tf

N_EVENTS = 12
batch_size = 4


class EventStore(object):
    """npz of detector hits: per event the station hit counts and the summed charge."""

    def __init__(self, path):
        d = np.load(path)
        self.hits = d["hits"]
        self.charge = d["charge"]
        self.lock = threading.Lock()

    def foo(self, idx):
        with self.lock:
            return self.hits[idx].astype(np.float32), np.float32(self.charge[idx]), np.int64(idx)


def main(data_dir):
    folder = os.path.join(data_dir, "h47_cosmic_events")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(4705)
    path = os.path.join(folder, "events.npz")
    np.savez(path, hits=rng.randint(0, 9, size=(N_EVENTS, 4)), charge=np.round(rng.uniform(1, 50, N_EVENTS), 3))
    store = EventStore(path)

    index_queue = tf.compat.v1.train.range_input_producer(N_EVENTS, num_epochs=1, shuffle=False)
    idx = index_queue.dequeue()
    tf_f = tf.compat.v1.py_func(store.foo, [idx], [tf.float32, tf.float32, tf.int64], name='sampler', stateful=True)
    tf_f[0].set_shape([4])
    tf_f[1].set_shape([])
    tf_f[2].set_shape([])
    queue = tf.queue.RandomShuffleQueue(
        capacity=20,
        min_after_dequeue=2,
        dtypes=[tf.float32, tf.float32, tf.int64],
        shapes=[[4], [], []],
        seed=9,
        name='data_queue'
        )

    enqueue_op = queue.enqueue(tf_f)
    tf_data = queue.dequeue_many(batch_size)
    qr = tf.compat.v1.train.QueueRunner(queue, [enqueue_op] * 2)
    tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.QUEUE_RUNNERS, qr)
    sv = tf.compat.v1.train.Supervisor(logdir=None)
    # config = tf.ConfigProto(device_count={'GPU': -1})
    config = tf.compat.v1.ConfigProto(inter_op_parallelism_threads=2)
    batches = []
    with sv.managed_session(config=config) as sess:
        while not sv.should_stop():
            hits, charge, ids = sess.run(tf_data)
            batches.append([hits.tolist(), np.round(charge.astype(np.float64), 3).tolist(), ids.tolist()])
    return {"batches": batches, "end": "events: %d" % sum(len(b[2]) for b in batches)}
