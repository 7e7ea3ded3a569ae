"""The builder in another module (`r32i_lib/builder.py`), called twice by one function here (train and eval
files), each queue dequeued by a list comprehension's copies into `train.batch_join(..., dynamic_pad=True)`."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r32i_lib import builder
from r32i_lib.data import drain, write_shards


def parse(line, copy):
    ident, length = tf.decode_csv(line, [[0], [0]])
    seq = tf.range(length) + ident + copy * 0
    return [ident, seq, tf.ones_like(seq)]


def inputs(train_files, eval_files, threads=3):
    train_queue = builder.values_queue(train_files)
    train_copies = [parse(train_queue.dequeue(), k) for k in range(threads)]
    train_batch = train.batch_join(train_copies, batch_size=4, dynamic_pad=True)
    eval_queue = builder.values_queue(eval_files, num_readers=1)
    eval_copies = [parse(eval_queue.dequeue(), k) for k in range(2)]
    eval_batch = train.batch_join(eval_copies, batch_size=4, dynamic_pad=True)
    return train_batch, eval_batch


def main(data_dir):
    train_files = write_shards(os.path.join(data_dir, "r32i_other_train"), 3, 4)
    eval_files = write_shards(os.path.join(data_dir, "r32i_other_eval"), 2, 4, start=50)
    train_batch, eval_batch = inputs(train_files, eval_files)
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, list(train_batch), "train") + drain(sess, list(eval_batch), "eval")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
