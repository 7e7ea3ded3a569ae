"""A PaddingFIFOQueue filled by a QueueRunner whose enqueue op is a `py_func` over a Python generator of
variable-length examples; when the generator is exhausted the `py_func` returns a sentinel (id -1, no tokens), and the
consumer stops at the first sentinel it dequeues (the speech / text generator-runner shape)."""
import numpy as np
import tensorflow as tf

NUM_EXAMPLES = 20


class ExampleSource(object):
    def __init__(self, count):
        self._iterator = self._generate(count)

    @staticmethod
    def _generate(count):
        for n in range(count):
            yield np.arange(n % 5, dtype=np.int64) + 100 * n, np.int64(n)

    def next_example(self):
        try:
            return next(self._iterator)
        except StopIteration:
            return np.zeros([0], dtype=np.int64), np.int64(-1)


def build_queue(source, capacity=8):
    tokens, example_id = tf.compat.v1.py_func(source.next_example, [], [tf.int64, tf.int64], name="next_example")
    tokens.set_shape([None])
    example_id.set_shape([])
    queue = tf.compat.v1.PaddingFIFOQueue(capacity, [tf.int64, tf.int64], shapes=[[None], []])
    enqueue_op = queue.enqueue([tokens, example_id])
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(queue, [enqueue_op]))
    return queue


def main(data_dir):
    queue = build_queue(ExampleSource(NUM_EXAMPLES))
    tokens_batch, id_batch = queue.dequeue_many(3)
    batches = []
    sess = tf.compat.v1.Session()
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    done = False
    while not done:
        tokens, ids = sess.run([tokens_batch, id_batch])
        keep = [i for i, v in enumerate(ids.tolist()) if v != -1]
        done = len(keep) < len(ids)
        if keep:
            batches.append([tokens[keep].tolist(), ids[keep].tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "sentinel"}
