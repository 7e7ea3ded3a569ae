"""A FIFOQueue without shapes filled by `[enqueue_op] * num_threads` (a local bound once to 1), set_shape after
the dequeue, then train.batch."""
import os

import numpy as np
import tensorflow as tf

batch_size = 4


def main(data_dir):
    folder = os.path.join(data_dir, "w3b_gate_local_count")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(7)
    path = os.path.join(folder, "gate.csv")
    with open(path, "w") as f:
        for i in range(12):
            f.write("%.2f,%.2f,%d\n" % (rng.uniform(0, 3), rng.uniform(10, 80), i))

    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader()
    _, line = reader.read(filename_queue)
    a, b, i = tf.compat.v1.decode_csv(line, [[0.0], [0.0], [0]])
    x = tf.stack([a, b, tf.cast(i, tf.float32)])
    q = tf.compat.v1.FIFOQueue(capacity=4, dtypes=tf.float32)
    enqueue_op = q.enqueue(x)
    num_threads = 1
    qr = tf.compat.v1.train.QueueRunner(q, [enqueue_op] * num_threads)
    tf.compat.v1.train.add_queue_runner(qr)
    inputs = q.dequeue()
    inputs.set_shape(x.get_shape())
    rows = tf.compat.v1.train.batch([inputs], batch_size=batch_size)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(rows).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % (batch_size * len(batches))}
