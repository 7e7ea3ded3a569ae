"""Falafel stand orders: the everyday student CSV script.

string_input_producer over one CSV, TextLineReader skipping the header, decode_csv, the feature columns
stacked, train.batch, and a `while not coord.should_stop()` loop ended by OutOfRangeError.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def make_csv(data_dir):
    root = os.path.join(data_dir, "h74_falafel")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(740)
    path = os.path.join(root, "orders.csv")
    with open(path, "w") as f:
        f.write("pitas,sauce_ml,spice,wait_min,returned\n")
        for i in range(9):
            f.write("%d,%.1f,%d,%.2f,%d\n" % (rng.randint(1, 5), rng.uniform(10, 60), rng.randint(0, 4),
                                              rng.uniform(1, 12), i % 2))
    return path


def main(data_dir):
    path = make_csv(data_dir)
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    record_defaults = [[1.0], [1.0], [1.0], [1.0], [0]]
    col1, col2, col3, col4, col5 = tf.decode_csv(value, record_defaults=record_defaults)
    features = tf.stack([col1, col2, col3, col4])
    example_batch, label_batch = tf.train.batch([features, col5], batch_size=3)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                example, label = sess.run([example_batch, label_batch])
                batches.append([np.round(example, 3).tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            print("Done training -- epoch limit reached")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "orders: %d" % sum(len(b[1]) for b in batches)}
