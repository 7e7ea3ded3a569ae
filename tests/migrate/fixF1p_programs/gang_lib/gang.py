"""k reader objects filling one common queue from a method of a gang object (slim's ParallelReader, renamed)."""
import tensorflow.compat.v1 as tf


class ReaderGang(object):
    """Reads the file queue through ``count`` readers into ``common``."""

    def __init__(self, reader_cls, common, count=2, reader_args=None):
        if len(common.dtypes) != 2:
            raise TypeError("common.dtypes must be two strings")
        reader_args = reader_args or {}
        self._members = [reader_cls(**reader_args) for _ in range(count)]
        self._common = common

    @property
    def common(self):
        return self._common

    def pull(self, file_queue, name=None):
        return self._wire(file_queue).dequeue(name=name)

    def _wire(self, file_queue):
        ops = []
        for member in self._members:
            ops.append(self._common.enqueue(member.read(file_queue)))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(self._common, ops))
        return self._common


def gang_read(files, reader_cls, epochs=None, count=2, mix=False, room=32, floor=4, seed=None):
    """Reads ``files`` through ``count`` readers; the (key, record) of one."""
    with tf.name_scope(None, "gang_read"):
        file_queue = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=mix, seed=seed)
        if mix:
            common = tf.RandomShuffleQueue(capacity=room, min_after_dequeue=floor, dtypes=[tf.string, tf.string],
                                           seed=seed)
        else:
            common = tf.FIFOQueue(capacity=room, dtypes=[tf.string, tf.string])
        return ReaderGang(reader_cls, common, count=count).pull(file_queue)
