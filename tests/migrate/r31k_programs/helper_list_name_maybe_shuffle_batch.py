"""A reader helper's decoded values made a list by `list(...)`, one more appended by `+`, kept by a flag and
shuffled: `maybe_shuffle_batch(example + [label], keep_input=...)` (several threads: compared as a multiset)."""
import os

import tensorflow.compat.v1 as tf


def decode(filename_queue):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    a, b, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
    return (a, b), label


def main(data_dir):
    folder = os.path.join(data_dir, "r31k_helper")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for i in range(16):
            f.write("%.1f,%.1f,%d\n" % (i / 2.0, i * 1.5, i % 4))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    values, label = decode(filename_queue)
    example = list(values)
    batch = tf.train.maybe_shuffle_batch(example + [label], batch_size=4, capacity=20, min_after_dequeue=4,
                                         keep_input=label < 2, num_threads=2, seed=3)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            batches.append([v.tolist() for v in sess.run(batch)])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
