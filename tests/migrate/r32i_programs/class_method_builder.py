"""The builder a method of the input class, returning its queue to another method that dequeues it once per
thread in a for-loop into batch_join; the input object made twice (train and eval)."""
import os

import tensorflow.compat.v1 as tf

from r32i_lib.data import drain, write_shards


class Inputs(object):
    def __init__(self, files, threads):
        self.files = files
        self.threads = threads

    def make_queue(self):
        file_queue = tf.train.string_input_producer(self.files, shuffle=False, num_epochs=1)
        queue = tf.FIFOQueue(capacity=32, dtypes=[tf.string], shapes=[()])
        _, line = tf.TextLineReader().read(file_queue)
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue([line])]))
        return queue

    def batches(self):
        queue = self.make_queue()
        copies = []
        for _ in range(self.threads):
            ident, length = tf.decode_csv(queue.dequeue(), [[0], [0]])
            seq = tf.range(length) + ident
            copies.append([ident, seq, tf.ones_like(seq)])
        return tf.train.batch_join(copies, batch_size=4, dynamic_pad=True)


def main(data_dir):
    train = Inputs(write_shards(os.path.join(data_dir, "r32i_class_train"), 2, 6), 2).batches()
    evaluation = Inputs(write_shards(os.path.join(data_dir, "r32i_class_eval"), 1, 4, start=40), 3).batches()
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, train, "train") + drain(sess, evaluation, "eval")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
