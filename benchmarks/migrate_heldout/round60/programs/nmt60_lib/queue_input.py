"""Parallel source / target text files read line by line in lockstep, padded in a PaddingFIFOQueue."""
import collections

import tensorflow.compat.v1 as tf

BatchedInput = collections.namedtuple(
    "BatchedInput", ("source", "target", "source_length", "target_length"))


def _line_reader(path, name):
    producer = tf.train.string_input_producer([path], num_epochs=1, shuffle=False, name=name + "_files")
    _, line = tf.TextLineReader(name=name + "_reader").read(producer)
    return line


def get_queue_iterator(hparams, src_table, tgt_table):
    src_line = _line_reader(hparams.src_file, "src")
    tgt_line = _line_reader(hparams.tgt_file, "tgt")
    src_ids = src_table.lookup(tf.string_split([src_line]).values)
    tgt_ids = tgt_table.lookup(tf.string_split([tgt_line]).values)
    queue = tf.PaddingFIFOQueue(
        capacity=hparams.queue_capacity,
        dtypes=[tf.int64, tf.int64, tf.int32, tf.int32],
        shapes=[[None], [None], [], []])
    enqueue_op = queue.enqueue([src_ids, tgt_ids, tf.size(src_ids), tf.size(tgt_ids)])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    return BatchedInput(*queue.dequeue_many(hparams.batch_size))
