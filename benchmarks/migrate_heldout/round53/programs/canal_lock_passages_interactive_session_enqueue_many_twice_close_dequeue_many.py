"""Canal lock passages loaded with numpy and pushed into a FIFOQueue by running enqueue_many once per epoch
from an InteractiveSession, then the queue is closed and drained five at a time."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

# (the asker called tf.reset_default_graph() here; the runner already gives a fresh graph)

num_epochs = 2


def create_session():
    config = tf.ConfigProto()
    config.operation_timeout_in_ms = 60000
    return tf.InteractiveSession(config=config)


def main(data_dir):
    folder = os.path.join(data_dir, "h53_canal_lock_passages_interactive_session_enqueue_many_twice_close_dequeue_many")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(5305)
    path = os.path.join(folder, "passages.csv")
    with open(path, "w") as f:
        for i in range(10):
            f.write("%d,%.1f\n" % (100 + i, rng.uniform(6, 40)))
    data = np.loadtxt(path, delimiter=",")
    vessel = data[:, 0].astype(np.int32)
    minutes = data[:, 1].astype(np.float32)

    queue1 = tf.FIFOQueue(capacity=50, dtypes=[tf.int32, tf.float32], shapes=[(), ()])
    enqueue_op = queue1.enqueue_many([vessel, minutes])
    close_op = queue1.close()
    passages = queue1.dequeue_many(5)

    sess = create_session()
    tf.train.start_queue_runners()
    for i in range(num_epochs):
        print("enqueue")
        sess.run(enqueue_op)
    close_op.run()
    batches = []
    while True:
        try:
            v, m = sess.run(passages)
        except tf.errors.OutOfRangeError:
            break
        batches.append([v.tolist(), m.tolist()])
    sess.close()
    return {"batches": batches, "end": "passages: %d" % (5 * len(batches))}
