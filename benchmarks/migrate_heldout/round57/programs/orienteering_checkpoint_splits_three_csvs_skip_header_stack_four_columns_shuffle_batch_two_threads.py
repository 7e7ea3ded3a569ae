import os

import tensorflow.compat.v1 as tf
import numpy as np


def write_legs(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(31)
    names = []
    for e, event in enumerate(["orienteering_training.csv", "orienteering_training2.csv", "orienteering_training3.csv"]):
        path = os.path.join(folder, event)
        with open(path, "w") as f:
            f.write("leg_km,climb_m,controls,terrain,split_min\n")
            for i in range(4):
                km = round(0.5 + rng.uniform() * 2, 1)
                f.write("%.1f,%d,%d,%d,%.1f\n" % (km, rng.randint(0, 60), 1 + (e + i) % 3, rng.randint(1, 4), km * 7 + e))
        names.append(path)
    return names


def main(data_dir):
    files = write_legs(os.path.join(data_dir, "h57_orienteering_splits"))

    # Create a queue just for the filenames which leads to running multiple threads of reader.
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, seed=7)

    # Define the reader with input from the filename queue.
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)

    # Default values, in case of empty columns. Also specifies the type of the decoded result.
    record_defaults = [[1.0], [1.0], [1.0], [1.0], [1.0]]
    # Decode each line into CSV data.
    col1, col2, col3, col4, col5 = tf.decode_csv(value, record_defaults=record_defaults)

    features = tf.stack([col1, col2, col3, col4])
    labels = tf.stack([col5])

    feature_batch, label_batch = tf.train.shuffle_batch(
        [features, labels], batch_size=4, capacity=20, min_after_dequeue=4, num_threads=2, seed=8)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        # Start populating the filename queue.
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while True:
                example, label = sess.run([feature_batch, label_batch])
                batches.append([np.round(example.astype(np.float64), 1).tolist(),
                                np.round(label.astype(np.float64), 1).tolist()])
        except tf.errors.OutOfRangeError:
            print("Done reading the split files")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "legs: %d" % sum(len(b[1]) for b in batches)}
