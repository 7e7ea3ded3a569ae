# Hardness of binary alloys (two composition fractions -> hard / soft), read the way
# the "Distributed TensorFlow" chapter reads its CSV: a hand-made filename queue filled
# from a placeholder, several reader ops pushing instances into a shared
# RandomShuffleQueue, and a QueueRunner that owns those ops.
from __future__ import division, print_function, unicode_literals

import os

import numpy as np
import tensorflow.compat.v1 as tf


def reset_seeds(seed=42):
    tf.set_random_seed(seed)
    np.random.seed(seed)


def write_alloy_csvs(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(41)
    paths = []
    idx = 0
    for part in range(2):
        path = os.path.join(folder, "alloys_%d.csv" % part)
        with open(path, "w") as f:
            f.write("x1, x2, target\n")
            for _ in range(6):
                ni = round(float(rng.uniform(0, 1)), 3)
                cr = round(float(rng.uniform(0, 1 - ni)), 3)
                hard = 1 if ni + 2 * cr > 0.9 else 0
                # an empty field now and then: the record default fills it
                if idx % 5 == 3:
                    f.write("%s,,%d\n" % (ni, hard))
                else:
                    f.write("%s,%s,%d\n" % (ni, cr, hard))
                idx += 1
        paths.append(path)
    return paths


def read_and_push_instance(filename_queue, instance_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    x1, x2, target = tf.decode_csv(value, record_defaults=[[-1.], [-1.], [-1]])
    features = tf.stack([x1, x2])
    enqueue_instance = instance_queue.enqueue([features, target])
    return enqueue_instance


def main(data_dir):
    reset_seeds()
    paths = write_alloy_csvs(os.path.join(data_dir, "h41_alloy_hardness"))

    filename_queue = tf.FIFOQueue(capacity=10, dtypes=[tf.string], shapes=[()])
    filename = tf.placeholder(tf.string)
    enqueue_filename = filename_queue.enqueue([filename])
    close_filename_queue = filename_queue.close()

    instance_queue = tf.RandomShuffleQueue(
        capacity=10, min_after_dequeue=2,
        dtypes=[tf.float32, tf.int32], shapes=[[2], []],
        name="instance_q", shared_name="shared_instance_q", seed=41)

    read_and_enqueue_ops = [
        read_and_push_instance(filename_queue, instance_queue)
        for i in range(5)]
    queue_runner = tf.train.QueueRunner(instance_queue, read_and_enqueue_ops)

    minibatch_instances, minibatch_targets = instance_queue.dequeue_up_to(2)

    batches = []
    with tf.Session() as sess:
        for path in paths:
            sess.run(enqueue_filename, feed_dict={filename: path})
        sess.run(close_filename_queue)
        coord = tf.train.Coordinator()
        enqueue_threads = queue_runner.create_threads(sess, coord=coord, start=True)
        try:
            while True:
                X, y = sess.run([minibatch_instances, minibatch_targets])
                batches.append([np.round(X.astype(np.float64), 4).tolist(), y.tolist()])
        except tf.errors.OutOfRangeError as ex:
            end = "No more training instances"
        coord.request_stop()
        coord.join(enqueue_threads)
    rows = sum(len(b[1]) for b in batches)
    return {"batches": batches, "end": "%s: %d" % (end, rows)}
