"""A hand-written length bucketing over two PaddingFIFOQueues (before tf.data's group_by_window)."""
import collections

import tensorflow as tf

tf1 = tf.compat.v1

BatchedInput = collections.namedtuple("BatchedInput", ["source", "target", "source_length"])


class BucketedIterator(object):
    def __init__(self, src_file, tgt_file, src_table, tgt_table, hparams):
        self.hparams = hparams
        src_q = tf1.train.string_input_producer([src_file], num_epochs=1, shuffle=False, name="src_files")
        tgt_q = tf1.train.string_input_producer([tgt_file], num_epochs=1, shuffle=False, name="tgt_files")
        _, src_line = tf1.TextLineReader(name="src_reader").read(src_q)
        _, tgt_line = tf1.TextLineReader(name="tgt_reader").read(tgt_q)
        src_ids = src_table.lookup(tf1.string_split([src_line]).values)[:hparams.src_max_len]
        tgt_ids = tgt_table.lookup(tf1.string_split([tgt_line]).values)
        src_len = tf.size(src_ids)
        self.queues = []
        for i in range(hparams.num_buckets):
            self.queues.append(tf1.PaddingFIFOQueue(
                capacity=32, dtypes=[tf.int64, tf.int64, tf.int32], shapes=[[None], [None], []],
                name="bucket_%d" % i))
        bucket_id = tf.minimum(src_len // hparams.bucket_width, hparams.num_buckets - 1)
        branches = {}
        for i, q in enumerate(self.queues):
            branches[i] = self._enqueue_fn(q, src_ids, tgt_ids, src_len)
        self.enqueue_op = tf1.case([(tf.equal(bucket_id, i), fn) for i, fn in branches.items()],
                                   exclusive=True)
        self.close_ops = [q.close() for q in self.queues]
        self.batches = [BatchedInput(*q.dequeue_up_to(hparams.batch_size)) for q in self.queues]

    @staticmethod
    def _enqueue_fn(q, src, tgt, n):
        def fn():
            with tf.control_dependencies([q.enqueue([src, tgt, n])]):
                return tf.constant(0)
        return fn
