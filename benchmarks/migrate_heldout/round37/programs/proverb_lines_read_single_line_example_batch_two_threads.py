"""Proverb lines: read_single_line_example(filename) returns the reader's key and line, batched by two threads."""
import os
import sys

import tensorflow.compat.v1 as tf


def read_single_line_example(filename):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=1)
    reader = tf.TextLineReader()
    line, value = reader.read(filename_queue)
    return line, value


def main(data_dir):
    folder = os.path.join(data_dir, "h37_proverbs")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "proverbs.txt")
    words = ["still", "waters", "run", "deep", "many", "hands", "make", "light", "work", "haste", "makes", "waste"]
    with open(path, "w") as f:
        for i in range(12):
            f.write(" ".join(words[j % 12] for j in range(i, i + 3)) + "\n")

    line_t, value_t = read_single_line_example(path)
    # the line tensor is "file:lineno"; keep only the number
    lineno_t = tf.string_to_number(tf.string_split([line_t], ":").values[-1], out_type=tf.int32)
    batch_line_t, batch_value_t = tf.train.batch(
        [lineno_t, value_t],
        batch_size=4,
        num_threads=2,
        capacity=2000,
    )
    sess = tf.Session()
    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess.run(init)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    while 1:
        try:
            line, value = sess.run([batch_line_t, batch_value_t])
            batches.append([line.tolist(), [v.decode() for v in value]])
        except tf.errors.OutOfRangeError:
            break
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "proverbs: %d" % sum(len(b[0]) for b in batches)}
