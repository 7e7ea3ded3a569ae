"""A hand-made runner batched by `dequeue_many` (``runner_queue.py``) whose threads a loop starts and appends to
`start_queue_runners`' list (`for t in qr.create_threads(sess, coord=coord): t.start(); threads.append(t)`)."""
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    out = os.path.join(data_dir, "hq2_many_loop")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "rows.csv")
    with open(path, "w") as f:
        for k in range(12):
            f.write("%d,%.1f\n" % (100 + k, k * 1.5))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    key, value = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    queue = tf.FIFOQueue(4, [tf.int32, tf.float32], shapes=[[], []])
    enqueue_op = queue.enqueue([key, value])
    qr = tf.train.QueueRunner(queue, [enqueue_op] * 2)
    k, v = queue.dequeue_many(3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for t in qr.create_threads(sess, coord=coord):
            t.start()
            threads.append(t)
        try:
            while True:
                a, b = sess.run([k, v])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % len(batches)}
