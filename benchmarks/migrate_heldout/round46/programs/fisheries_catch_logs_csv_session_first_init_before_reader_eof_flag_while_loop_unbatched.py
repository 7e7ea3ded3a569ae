"""Catch log per haul: trip id, kilograms landed, hours fished.  Read line by line until the file ends."""
import os

import numpy as np
import tensorflow as tf


def write_logs(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(46)
    path = os.path.join(folder, "catch_log.csv")
    with open(path, "w") as f:
        for trip in range(9):
            kg = round(float(rng.uniform(20, 400)), 1)
            hours = round(float(rng.uniform(1, 9)), 2)
            f.write("%d,%.1f,%.2f\n" % (trip + 100, kg, hours))
    return path


def main(data_dir):
    path = write_logs(os.path.join(data_dir, "h46_catch_logs"))

    sess = tf.compat.v1.Session()

    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1)
    init_op = tf.group(tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer())
    sess.run(init_op)

    reader = tf.compat.v1.TextLineReader()
    key, value = reader.read(filename_queue)

    # Default values, in case of empty columns. Also specifies the type of the
    # decoded result.
    record_defaults = [[0.0], [0.0], [0.0]]
    col1, col2, col3 = tf.io.decode_csv(
        value, record_defaults=record_defaults)
    features = tf.stack([col1, col2, col3])
    cpue = col2 / col3  # kg per hour fished

    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)

    eof = False
    i = 0
    example = [sess.run([features, cpue])]
    i += 1
    while not eof:
        try:
            example.append(sess.run([features, cpue]))
            i += 1
        except tf.errors.OutOfRangeError:
            eof = True

    coord.request_stop()
    coord.join(threads)
    sess.close()

    batches = [[[row.tolist()], [float(c)]] for row, c in example]
    return {"batches": batches, "end": "hauls: %d" % i}
