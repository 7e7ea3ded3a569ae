"""A click-log queue class of a package module: one read-and-parse op per thread on one reader."""
import tensorflow as tf

v1 = tf.compat.v1


class ClickLog(object):
    def __init__(self, paths, threads=2):
        self.paths = paths
        self.threads = threads

    def _fields(self, line):
        label, site, hour = v1.decode_csv(line, record_defaults=[[0], ["-"], [0]], field_delim="\t")
        return v1.string_to_hash_bucket_fast(site, 100), hour, label

    def batch(self, size):
        files = v1.train.string_input_producer(self.paths, num_epochs=1, shuffle=False)
        reader = v1.TextLineReader()
        queue = v1.RandomShuffleQueue(capacity=20, min_after_dequeue=3, seed=5,
                                      dtypes=[tf.int64, tf.int32, tf.int32], shapes=[[], [], []])
        enqueue_ops = []
        for _ in range(self.threads):
            _, line = reader.read(files)
            enqueue_ops.append(queue.enqueue(self._fields(line)))
        v1.train.add_queue_runner(v1.train.QueueRunner(queue, enqueue_ops))
        return queue.dequeue_many(size)
