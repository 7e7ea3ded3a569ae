"""A batch of a concatenated list (`[x, y] + extras`) used as the Python list legacy's batch gave: appended to,
concatenated with another list, and checked with `isinstance(..., list)`; beside it a batch unpacked at once
(`ids, squares = train.batch([...], ...)`), which a tuple unpacks as the list did."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def write_rows(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for i in range(12):
            f.write("%d,%d,%d\n" % (i, i * 2, i * 3))
    return path


def main(data_dir):
    path = write_rows(os.path.join(data_dir, "fixE4_concat"))
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    x, y, z = tf.decode_csv(line, record_defaults=[[0], [0], [0]])
    extras = [z]
    batch = tf.train.batch([x, y] + extras, 4)
    kind = type(batch).__name__
    batch.append(batch[0] * 10)
    whole = batch + [batch[1] + 1]
    squares_queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, row = tf.TextLineReader().read(squares_queue)
    i, _, sq = tf.decode_csv(row, record_defaults=[[0], [0], [0]])
    ids, squares = train.batch([i, sq * sq], batch_size=6)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(2):
                a, b = sess.run([ids, squares])
                out.append([a.tolist(), b.tolist()])
            while True:
                out.append([v.tolist() for v in sess.run(whole)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "%s %s %d" % (end, kind, len(whole))}
