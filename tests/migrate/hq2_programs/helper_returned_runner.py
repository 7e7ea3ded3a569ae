"""The runner made in a helper and returned with its queue (`return q, qr`), its one caller dequeuing the queue
and adding the runner's threads to `start_queue_runners`' list (`threads.extend(qr.create_threads(...))`)."""
import os

import tensorflow.compat.v1 as tf


def make_queue(tensors):
    q = tf.FIFOQueue(4, [tf.int32, tf.float32])
    op = q.enqueue(tensors)
    qr = tf.train.QueueRunner(q, [op] * 3)
    return q, qr


def main(data_dir):
    out = os.path.join(data_dir, "hq2_helper_returned")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "rows.csv")
    with open(path, "w") as f:
        for k in range(15):
            f.write("%d,%.1f\n" % (100 + k, k * 1.5))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    key, value = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    queue, qr = make_queue([key, value])
    k, v = queue.dequeue()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        enqueue_threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        enqueue_threads.extend(qr.create_threads(sess, coord=coord, start=True))
        try:
            while True:
                a, b = sess.run([k, v])
                batches.append([[int(a)], [float(b)]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(enqueue_threads)
    return {"batches": batches, "end": "rows: %d" % len(batches)}
