"""numpy rows enqueue_many'd twice from an InteractiveSession (`for i in range(num_epochs)` with a print), the
queue closed by a named op's `.run()`, drained by dequeue_many until OutOfRangeError."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

num_epochs = 2


def main(data_dir):
    folder = os.path.join(data_dir, "w3b_passages")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "passages.csv")
    with open(path, "w") as f:
        for i in range(10):
            f.write("%d,%.1f\n" % (100 + i, i * 1.5))
    data = np.loadtxt(path, delimiter=",")
    vessel = data[:, 0].astype(np.int32)
    minutes = data[:, 1].astype(np.float32)
    queue1 = tf.FIFOQueue(capacity=50, dtypes=[tf.int32, tf.float32], shapes=[(), ()])
    enqueue_op = queue1.enqueue_many([vessel, minutes])
    close_op = queue1.close()
    passages = queue1.dequeue_many(5)
    sess = tf.InteractiveSession()
    tf.train.start_queue_runners()
    for i in range(num_epochs):
        print("enqueue", i)
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
