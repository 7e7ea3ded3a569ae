"""Source and target files read line by line in step, their ids padded in a PaddingFIFOQueue."""
import collections

import tensorflow.compat.v1 as tf

Batch = collections.namedtuple("Batch", ("src", "tgt", "src_len", "tgt_len"))


def _lines(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    return line


def paired_batches(cfg, src_table, tgt_table):
    src = _lines(cfg["src"])
    tgt = _lines(cfg["tgt"])
    src_ids = src_table.lookup(tf.string_split([src]).values)
    tgt_ids = tgt_table.lookup(tf.string_split([tgt]).values)
    queue = tf.PaddingFIFOQueue(16, [tf.int64, tf.int64, tf.int32, tf.int32], shapes=[[None], [None], [], []])
    put = queue.enqueue([src_ids, tgt_ids, tf.size(src_ids), tf.size(tgt_ids)])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [put]))
    return Batch(*queue.dequeue_many(cfg["batch"]))
