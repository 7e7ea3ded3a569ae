"""Text classifier input: complaint narratives -> product category, tf.app.flags-style FLAGS object."""
import argparse
import csv
import os
import random

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import lookup_ops

parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", type=int, default=4)
parser.add_argument("--num_epochs", type=int, default=1)
parser.add_argument("--max_words", type=int, default=5)
FLAGS = parser.parse_args([])

CATEGORIES = ["mortgage", "credit_card", "student_loan"]
WORDS = ["late", "fee", "charged", "twice", "payment", "not", "applied", "interest", "rate", "closed"]


def write_csv(path):
    rng = random.Random(605)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["complaint_id", "narrative", "product"])
        for i in range(12):
            w.writerow([1000 + i, " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 7))),
                        rng.choice(CATEGORIES)])


def input_pipeline(filename, word_table, label_table):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=FLAGS.num_epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    complaint_id, narrative, product = tf.decode_csv(value, record_defaults=[[0], [""], [""]])
    tokens = tf.string_split([narrative]).values[:FLAGS.max_words]
    word_ids = word_table.lookup(tokens)
    label = label_table.lookup(product)
    return tf.train.batch([complaint_id, word_ids, label], batch_size=FLAGS.batch_size,
                          dynamic_pad=True, capacity=32)


def main(data_dir):
    folder = os.path.join(data_dir, "h60_customer_complaints")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "complaints.csv")
    write_csv(path)
    word_table = lookup_ops.index_table_from_tensor(tf.constant(WORDS), num_oov_buckets=1)
    label_table = lookup_ops.index_table_from_tensor(tf.constant(CATEGORIES))
    ids, words, labels = input_pipeline(path, word_table, label_table)
    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer(), tf.tables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                i, w, l = sess.run([ids, words, labels])
                batches.append([i.tolist(), w.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            print("Done training -- epoch limit reached")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "complaints: %d" % sum(len(b[0]) for b in batches)}
