"""Gazebo rentals: an estimator-era company `input_fn(files_name_pattern, mode, skip_header_lines,
num_epochs, batch_size)` with module-level HEADER / HEADER_DEFAULTS / TARGET_NAME, `MULTI_THREADING` and a
`parse_row`; its TextLineDataset became a globbed producer, `read_up_to` and a dict
`train.batch(enqueue_many=True)` (EVAL mode: unshuffled, one thread)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from gazebo74_task import data
from gazebo74_task.mode_keys import ModeKeys


def write_files(data_dir):
    root = os.path.join(data_dir, "h74_gazebo")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7409)
    n = 0
    for part in range(2):
        with open(os.path.join(root, "rentals-%02d.csv" % part), "w") as f:
            f.write(",".join(data.HEADER) + "\n")
            for _ in range(4):
                f.write("%d,%s,%d,%d,%d,%s\n" % (n, ["oak", "elm", "bay"][n % 3], rng.randint(1, 9),
                                                 rng.randint(2, 40), rng.randint(0, 2), ["spring", "summer"][n % 2]))
                n += 1
    return os.path.join(root, "rentals-*.csv")


def main(data_dir):
    features, target = data.input_fn(write_files(data_dir), mode=ModeKeys.EVAL,
                                      skip_header_lines=1, num_epochs=1, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, t = sess.run([features, target])
                batches.append([f['booking_id'].tolist(), [s.decode() for s in f['park']], f['hours'].tolist(),
                                f['guests'].tolist(), [s.decode() for s in f['season']], t.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rentals: %d" % sum(len(b[0]) for b in batches)}
