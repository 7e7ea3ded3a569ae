"""Iris CSV with a header: TextLineReader(skip_header_lines=1), decode_csv record defaults, shuffle_batch by three threads."""
import os

import numpy as np
import tensorflow as tf_root
import tensorflow.compat.v1 as tf

FEATURES = ["sepal_length", "sepal_width", "petal_length", "petal_width"]
SPECIES = ["setosa", "versicolor", "virginica"]


def read_iris(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    record_defaults = [[0.0], [0.0], [0.0], [0.0], ["setosa"]]
    sl, sw, pl, pw, species = tf.decode_csv(line, record_defaults=record_defaults)
    features = tf.stack([sl, sw, pl, pw])
    label = tf.argmax(tf.cast(tf.equal(species, tf.constant(SPECIES)), tf.int32), output_type=tf.int32)
    return features, label


def main(data_dir):
    root = os.path.join(data_dir, "h34_iris")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(2)
    with open(os.path.join(root, "iris_training.csv"), "w") as f:
        f.write(",".join(FEATURES + ["species"]) + "\n")
        for i in range(12):
            vals = np.round(rng.uniform(0.1, 7.9, size=4), 1)
            f.write("%.1f,%.1f,%.1f,%.1f,%s\n" % (tuple(vals) + (SPECIES[i % 3],)))
    filename_queue = tf.train.string_input_producer([os.path.join(root, "iris_training.csv")], num_epochs=1,
                                                    shuffle=False)
    features, label = read_iris(filename_queue)
    batch_size = 4
    min_after_dequeue = 5
    capacity = min_after_dequeue + 3 * batch_size
    feature_batch, label_batch = tf.train.shuffle_batch([features, label], batch_size=batch_size,
                                                        capacity=capacity, min_after_dequeue=min_after_dequeue,
                                                        num_threads=3)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([feature_batch, label_batch])
                batches.append([np.round(x, 1).tolist(), y.tolist()])
        except tf_root.errors.OutOfRangeError:
            print("iris epoch done")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "iris batches: %d" % len(batches)}
