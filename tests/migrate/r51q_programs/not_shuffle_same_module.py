"""``if not shuffle:`` returning the plain batch first, the shuffled one after; the helper in the same module."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def read_rows(filename_queue, batch_size, shuffle):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    k, v = tf.decode_csv(line, record_defaults=[[0], [0]])
    if not shuffle:
        rows = train.batch([k, v + 1], batch_size=batch_size)
        return rows
    rows = train.shuffle_batch([k, v + 1], batch_size=batch_size, capacity=16, min_after_dequeue=4)
    return rows


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_rows')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'rows.csv')
    with open(path, 'w') as f:
        for i in range(6):
            f.write('%d,%d\n' % (i, i * i))
    filename_queue = train.string_input_producer([path], num_epochs=1)
    k, v = read_rows(filename_queue, 3, False)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([k, v])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
