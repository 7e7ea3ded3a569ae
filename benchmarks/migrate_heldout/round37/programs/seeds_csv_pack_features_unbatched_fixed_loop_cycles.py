"""Wheat-seed kernels: one CSV, an unlimited producer, rows run one by one in a fixed loop (it wraps around)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def make_data(folder):
    rng = np.random.RandomState(37)
    with open(os.path.join(folder, "seeds_training.csv"), "w") as f:
        for i in range(10):
            area, perim, compact, length = rng.uniform(10, 20, 4).round(2)
            f.write("%s,%s,%s,%s,%d\n" % (area, perim, compact, length, i % 3))


def main(data_dir):
    folder = os.path.join(data_dir, "h37_seeds")
    os.makedirs(folder, exist_ok=True)
    make_data(folder)

    filename_queue = tf.train.string_input_producer([os.path.join(folder, "seeds_training.csv")], shuffle=False)
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    record_defaults = [[0.0], [0.0], [0.0], [0.0], [0]]
    col1, col2, col3, col4, col5 = tf.decode_csv(value, record_defaults=record_defaults)
    features = tf.stack([col1, col2, col3, col4])

    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for i in range(15):
            example, label = sess.run([features, col5])
            batches.append([[np.round(example.astype(np.float64), 3).tolist()], [int(label)]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "kernels: %d" % len(batches)}
