"""Recommendation shape: ratings loaded into numpy in Python, `train.slice_input_producer` over the arrays with
`num_epochs`, `train.shuffle_batch` with a seed. Imports: `from tensorflow.compat.v1 import train` and
`import tensorflow.compat.v1 as tf1`."""

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import train

HPARAMS = {"batch_size": 20, "num_epochs": 2, "num_threads": 2}


def load_ratings(data_dir):
    users, items, ratings = [], [], []
    with open(os.path.join(data_dir, "table-1.csv")) as f:
        rows = csv.DictReader(f)
        for row in rows:
            users.append(int(row["a"]))
            items.append(int(row["label"]))
            ratings.append(float(row["b"]))
    return np.array(users, np.int32), np.array(items, np.int32), np.array(ratings, np.float32)


def get_batch_data(data_dir, hp):
    users, items, ratings = load_ratings(data_dir)
    input_queues = train.slice_input_producer([users, items, ratings], num_epochs=hp["num_epochs"])
    u, i, r = train.shuffle_batch(input_queues, num_threads=hp["num_threads"], batch_size=hp["batch_size"],
                                  capacity=hp["batch_size"] * 4, min_after_dequeue=hp["batch_size"] * 2,
                                  allow_smaller_final_batch=True, seed=7)
    return u, i, r


def main(data_dir):
    u, i, r = get_batch_data(data_dir, HPARAMS)
    batches = []
    end = None
    sess = tf1.Session()
    sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess, coord)
    try:
        while not coord.should_stop():
            a, b, c = sess.run([u, i, r])
            batches.append([a.tolist(), b.tolist(), c.tolist()])
    except tf1.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
