"""The values queue made in the function that dequeues it once per thread (no builder): a RandomShuffleQueue
filled by two readers' enqueue ops in a loop and their QueueRunner, for-loop copies into a padded
`train.batch_join`; `from tensorflow.compat.v1 import train`."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r32i_lib.data import drain, write_shards


def inputs(files, threads):
    file_queue = train.string_input_producer(files, shuffle=True, seed=5, num_epochs=1)
    values = tf.RandomShuffleQueue(capacity=24, min_after_dequeue=6, dtypes=[tf.string], shapes=[()])
    enqueue_ops = []
    for _ in range(2):
        _, line = tf.TextLineReader().read(file_queue)
        enqueue_ops.append(values.enqueue([line]))
    train.add_queue_runner(train.QueueRunner(values, enqueue_ops))
    copies = []
    for k in range(threads):
        ident, length = tf.decode_csv(values.dequeue(), [[0], [0]])
        seq = tf.range(length) + ident
        copies.append([ident, seq, tf.ones_like(seq)])
    return train.batch_join(copies, batch_size=4, dynamic_pad=True)


def main(data_dir):
    batch = inputs(write_shards(os.path.join(data_dir, "r32i_one_function"), 4, 4), 3)
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, batch, "train")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
