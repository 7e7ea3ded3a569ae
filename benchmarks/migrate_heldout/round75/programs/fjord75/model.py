"""The translation model's input side only: the queue it reads from."""
import tensorflow.compat.v1 as tf


class Seq2SeqInputs(object):
    def __init__(self, queue, batch_size):
        source, source_len, target, target_len = queue.dequeue_many(batch_size)
        self.source = source
        self.source_len = source_len
        self.target = target
        self.target_len = target_len
