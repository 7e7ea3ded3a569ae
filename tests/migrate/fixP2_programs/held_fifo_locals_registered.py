"""A FIFOQueue class in the main module, one thread: the queue a local, the op and the runner on ``self`` (a
list comprehension of copies), the element from a method, the runner added by ``register`` and started by
``start_queue_runners``: the rows in order."""
import os

import tensorflow.compat.v1 as tf

from p2_lib.records import write_shards


class OrderedRows(object):

    def __init__(self, files, n):
        names = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        fields = self._decode(names)
        queue = tf.FIFOQueue(16, [tf.int64, tf.float32], shapes=[[], [2]])
        self.put = queue.enqueue(fields)
        self.rows = queue.dequeue_up_to(n)
        self.qrunner = tf.train.QueueRunner(queue, [self.put for _ in range(1)])

    def _decode(self, names):
        reader = tf.TFRecordReader()
        _, record = reader.read(names)
        parsed = tf.parse_single_example(record, {"idx": tf.FixedLenFeature([], tf.int64),
                                                  "weight": tf.FixedLenFeature([2], tf.float32)})
        return [parsed["idx"] + 100, parsed["weight"]]

    def register(self):
        tf.train.add_queue_runner(self.qrunner)


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "p2_ordered"), rows=5)
    rows = OrderedRows(files, 4)
    rows.register()
    idx, weight = rows.rows
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                i, w = sess.run([idx, weight])
                batches.append([i.tolist(), w.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
