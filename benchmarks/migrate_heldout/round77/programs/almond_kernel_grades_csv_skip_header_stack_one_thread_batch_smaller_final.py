"""Almond kernel grades: the everyday student CSV script (a reader function, an `input_pipeline(filename,
batch_size, num_epochs=None)` wrapper, `decode_csv` with `record_defaults`, `tf.stack` of the feature columns,
`tf.train.batch` with one thread and `allow_smaller_final_batch=True`, a `try` / `except OutOfRangeError` /
`finally` loop under a Coordinator). Written from knowledge of that common form, not from one file."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 4
NUM_EPOCHS = 1


def make_csv(path):
    rng = np.random.RandomState(7702)
    with open(path, "w") as f:
        f.write("length,width,weight,grade\n")
        for _ in range(10):
            f.write("%.1f,%.1f,%.2f,%d\n" % (rng.uniform(20, 28), rng.uniform(11, 14), rng.uniform(0.9, 1.4),
                                              rng.randint(0, 3)))


def read_from_csv(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, csv_row = reader.read(filename_queue)
    record_defaults = [[0.0], [0.0], [0.0], [0]]
    length, width, weight, grade = tf.decode_csv(csv_row, record_defaults=record_defaults)
    features = tf.stack([length, width, weight])
    return features, grade


def input_pipeline(filename, batch_size, num_epochs=None):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    example, label = read_from_csv(filename_queue)
    example_batch, label_batch = tf.train.batch([example, label], batch_size=batch_size, num_threads=1,
                                                capacity=3 * batch_size, allow_smaller_final_batch=True)
    return example_batch, label_batch


def main(data_dir):
    folder = os.path.join(data_dir, "h77_almond")
    os.makedirs(folder, exist_ok=True)
    filename = os.path.join(folder, "kernels.csv")
    make_csv(filename)

    examples, labels = input_pipeline(filename, BATCH_SIZE, NUM_EPOCHS)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([examples, labels])
                batches.append([np.round(x, 2).tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            print("Done training -- epoch limit reached")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "kernels: %d" % sum(len(b[1]) for b in batches)}
