"""The queue-returning helper in the program's own module, called twice (train and eval), each caller
dequeuing it once per thread in a for-loop into its own batch_join."""
import os

import tensorflow.compat.v1 as tf

from r32i_lib.data import drain, write_shards


def prefetch(files, shuffle):
    file_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    if shuffle:
        values = tf.RandomShuffleQueue(capacity=20, min_after_dequeue=4, dtypes=[tf.string], shapes=[()])
    else:
        values = tf.FIFOQueue(capacity=20, dtypes=[tf.string], shapes=[()])
    enqueue_ops = []
    for _ in range(2):
        _, line = tf.TextLineReader().read(file_queue)
        enqueue_ops.append(values.enqueue([line]))
    tf.train.add_queue_runner(tf.train.QueueRunner(values, enqueue_ops))
    return values


def parse(line):
    ident, length = tf.decode_csv(line, [[0], [0]])
    seq = tf.range(length) + ident
    return [ident, seq, tf.ones_like(seq)]


def main(data_dir):
    train_files = write_shards(os.path.join(data_dir, "r32i_two_train"), 2, 4)
    eval_files = write_shards(os.path.join(data_dir, "r32i_two_eval"), 1, 8, start=100)
    train_queue = prefetch(train_files, True)
    train_copies = []
    for _ in range(3):
        train_copies.append(parse(train_queue.dequeue()))
    train_ids, train_seqs, train_mask = tf.train.batch_join(train_copies, batch_size=4, dynamic_pad=True)
    eval_queue = prefetch(eval_files, False)
    eval_copies = []
    for _ in range(2):
        eval_copies.append(parse(eval_queue.dequeue()))
    eval_ids, eval_seqs, eval_mask = tf.train.batch_join(eval_copies, batch_size=4, dynamic_pad=True)
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, [train_ids, train_seqs, train_mask], "train")
        batches += drain(sess, [eval_ids, eval_seqs, eval_mask], "eval")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
