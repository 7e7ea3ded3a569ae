"""Two callers of the package's reader class: one names its object, the other reads it where it is made."""
import os

import tensorflow.compat.v1 as tf

import r37o_lib.reader
from r37o_lib.dataset import Shards, write_shards


def train_inputs(shards):
    train_reader = r37o_lib.reader.ShardReader(shards, None, True, 2, 12, 1)
    pixels, label = train_reader.single_example(scale=4.0)
    return tf.train.batch([pixels, label], batch_size=6)


def eval_inputs(shards):
    pixels, label = r37o_lib.reader.ShardReader(shards, shuffle=False, num_readers=1, num_epochs=1).single_example()
    return tf.train.batch([pixels, label], batch_size=4)


def main(data_dir):
    folder = os.path.join(data_dir, 'r37o_two')
    write_shards(folder, seed=5)
    shards = Shards(folder)
    train = train_inputs(shards)
    evaluation = eval_inputs(shards)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(2):
            p, l = sess.run(train)
            batches.append([p.tolist(), l.tolist()])
        for step in range(3):
            p, l = sess.run(evaluation)
            batches.append([p.tolist(), l.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "train 2, eval 3"}
