"""Papyrus fragment ink readings: an input_fn(path, epochs, shuffle) excerpt, moved back onto queues.

The source globbed the files, shuffled them (seed=42), skipped each file's header, shuffled and batched the
raw lines and only then parsed the batch of row strings into features and labels. Here the same order of
operations runs on a producer, a TextLineReader(skip_header_lines=1), read_up_to and
shuffle_batch(enqueue_many=True).
"""
import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf

CSV_COLUMNS = ["fragment", "iron", "carbon", "lead", "ink_type"]
CSV_DEFAULTS = [[""], [0.0], [0.0], [0.0], [0]]
LABEL = "ink_type"


def write_shards(data_dir):
    root = os.path.join(data_dir, "h74_papyrus")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7401)
    n = 0
    for shard in range(3):
        with open(os.path.join(root, "inks-%d.csv" % shard), "w") as f:
            f.write(",".join(CSV_COLUMNS) + "\n")
            for _ in range(4):
                f.write("P%03d,%.3f,%.3f,%.3f,%d\n" % (n, rng.rand(), rng.rand(), rng.rand(), n % 3))
                n += 1
    return os.path.join(root, "inks-*.csv")


def parse_csv(rows):
    columns = tf.decode_csv(rows, record_defaults=CSV_DEFAULTS)
    features = dict(zip(CSV_COLUMNS, columns))
    labels = features.pop(LABEL)
    return features, labels


def input_fn(path, epochs, shuffle=False):

    # get filenames and shuffle them
    file_list = tf.gfile.Glob(path)
    filename_queue = tf.train.string_input_producer(sorted(file_list), num_epochs=epochs, shuffle=shuffle, seed=42)

    # read lines of files as row strings, then shuffle and batch
    reader = tf.TextLineReader(skip_header_lines=1)
    _, rows = reader.read_up_to(filename_queue, num_records=4)
    if shuffle:
        rows = tf.train.shuffle_batch([rows], batch_size=6, capacity=100, min_after_dequeue=6,
                                      enqueue_many=True, seed=42)
    else:
        rows = tf.train.batch([rows], batch_size=6, enqueue_many=True)

    # parse row strings into features and labels, then return batches
    return parse_csv(rows)


def main(data_dir):
    pattern = write_shards(data_dir)
    features, labels = input_fn(pattern, epochs=1, shuffle=True)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                batches.append([[s.decode() for s in f["fragment"]], np.round(f["iron"], 3).tolist(),
                                np.round(f["carbon"], 3).tolist(), np.round(f["lead"], 3).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "fragments: %d" % sum(len(b[0]) for b in batches)}
