"""A filename FIFOQueue built by hand in a helper that returns it (limit_epochs, a named runner), a reader helper
keeping the record key in an attribute nobody reads, and a batch helper's hand-built RandomShuffleQueue whose
shapes are the tensors' own (``t.shape``): two threads, read by ``dequeue_many``."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

ROW = 5


def write_files(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(3)
    paths = []
    for f in range(3):
        path = os.path.join(folder, "part%d.bin" % f)
        with open(path, "wb") as out:
            for i in range(5):
                out.write(bytes([f * 5 + i]))
                out.write(rng.randint(0, 200, size=ROW).astype(np.uint8).tobytes())
        paths.append(path)
    return paths


def make_name_queue(paths, epochs):
    names = tf.constant(paths)
    queue = tf.FIFOQueue(8, [tf.string])
    op = queue.enqueue_many([tf.train.limit_epochs(names, num_epochs=epochs)])
    runner = tf.train.QueueRunner(queue, [op])
    tf.train.add_queue_runner(runner)
    return queue


class Row(object):
    pass


def read_row(name_queue):
    row = Row()
    reader = tf.FixedLengthRecordReader(record_bytes=1 + ROW)
    row.key, raw = reader.read(name_queue)
    data = tf.decode_raw(raw, tf.uint8)
    row.label = tf.cast(data[0], tf.int32)
    row.values = tf.cast(data[1:], tf.float32) * 0.5
    row.values.set_shape([ROW])
    return row.values, row.label


def shuffle_queue_batch(values, label, n, threads):
    q = tf.RandomShuffleQueue(capacity=20, min_after_dequeue=4, dtypes=[tf.float32, tf.int32],
                              shapes=[values.shape, label.get_shape()], seed=5)
    enqueue = q.enqueue([values, label])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enqueue] * threads))
    return q.dequeue_many(n)


def main(data_dir):
    paths = write_files(os.path.join(data_dir, "g3_helper"))
    values, label = read_row(make_name_queue(paths, 2))
    v, l = shuffle_queue_batch(values, label, 5, 2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([v, l])
                batches.append([np.round(a, 3).tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
