"""A stateful `py_func` producer over a Python generator (reinforcement-learning/replay repositories): a FIFOQueue
filled by a QueueRunner whose enqueue op calls the py_func; the generator's StopIteration ends the queue; batched
with `tf.train.batch`, read under `tf.train.Supervisor` until the input ends."""

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf


class RowSource(object):
    """Walks the CSV shards a few times, one row per call."""

    def __init__(self, paths, passes):
        self.paths = paths
        self.passes = passes
        self._rows = self._generate()

    def _generate(self):
        for p in range(self.passes):
            for path in self.paths:
                with open(path) as f:
                    for row in csv.DictReader(f):
                        yield (np.int64(int(row["a"]) + 1000 * p),
                               np.array([float(row["b"]), float(row["label"])], dtype=np.float32))

    def next_row(self):
        return next(self._rows)  # StopIteration becomes OutOfRangeError in the graph


def build_input(data_dir, batch_size=24, passes=3):
    source = RowSource([os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)], passes)
    row_id, values = tf.py_func(source.next_row, [], [tf.int64, tf.float32], stateful=True, name="next_row")
    row_id.set_shape([])
    values.set_shape([2])
    queue = tf.FIFOQueue(capacity=50, dtypes=[tf.int64, tf.float32], shapes=[[], [2]], name="rows")
    enqueue_op = queue.enqueue([row_id, values])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    one_id, one_values = queue.dequeue()
    return tf.train.batch([one_id, one_values], batch_size=batch_size, num_threads=1, capacity=2 * batch_size,
                          allow_smaller_final_batch=True)


def main(data_dir):
    id_batch, value_batch = build_input(data_dir)
    global_step = tf.train.get_or_create_global_step()
    step_op = tf.assign_add(global_step, 1)
    sv = tf.train.Supervisor(logdir=None, summary_op=None, saver=None, global_step=global_step)
    batches = []
    end = None
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                ids, vals, _ = sess.run([id_batch, value_batch, step_op])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append([ids.tolist(), vals.tolist()])
    return {"batches": batches, "end": end}
