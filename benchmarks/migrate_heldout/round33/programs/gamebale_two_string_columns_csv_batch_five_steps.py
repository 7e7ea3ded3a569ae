"""A two-column string CSV read with `null` defaults, train.batch(5) from a producer without an epoch limit, ten
fixed steps by `.eval()`."""
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "h33_gamebale")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "a.csv")
    with open(path, "w") as f:
        for i in range(7):
            f.write("player%d,%s\n" % (i, ["win", "lose", "draw"][i % 3]))
    filenames = [path]
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False)
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    example, label = tf.decode_csv(value, record_defaults=[['null'], ['null']])
    example_batch, label_batch = tf.train.batch(
        [example, label], batch_size=5)
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for i in range(3):
            e, l = sess.run([example_batch, label_batch])
            batches.append([[x.decode() for x in e], [x.decode() for x in l]])
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return {"batches": batches, "end": "stopped after %d steps" % len(batches)}
