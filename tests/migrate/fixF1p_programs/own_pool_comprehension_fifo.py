"""A pool class of the program's own module (its fill a list comprehension in the read method itself, the readers
made without keyword arguments), made and read at once in a helper returning the dequeue; FIFO common queue, one
reader."""
import os

import tensorflow.compat.v1 as tf

from gang_lib import shards


class Pool(object):
    def __init__(self, queue, make, size=1):
        self.queue = queue
        self.members = [make() for _ in range(size)]

    def take(self, names):
        ops = [self.queue.enqueue(m.read(names)) for m in self.members]
        tf.train.add_queue_runner(tf.train.QueueRunner(self.queue, ops))
        return self.queue.dequeue()


def pooled(files, size=1):
    names = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    queue = tf.FIFOQueue(16, [tf.string, tf.string])
    return Pool(queue, tf.TFRecordReader, size=size).take(names)


def main(data_dir):
    files = shards.write(os.path.join(data_dir, "own_pool"), per_shard=3)
    _, record = pooled(files)
    parsed = tf.parse_single_example(record, {"idx": tf.FixedLenFeature([], tf.int64)})
    idxs = tf.train.batch([parsed["idx"] * 10], batch_size=4, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                batches.append([sess.run(idxs).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
