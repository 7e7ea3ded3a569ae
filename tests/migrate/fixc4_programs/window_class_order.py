"""A reader class of the module keeps its TextLineReader on `self` (made in `__init__` from its parameters) and
its `read` method reads `read_up_to(queue, self.size)` windows, reduced per window; made and read at once
(`Windows(3).read(queue)`). Two files of 7 and 4 rows: the windows end at each file's end (3, 3, 1, 3, 1)."""
import os

import tensorflow.compat.v1 as tf


class Windows(object):
    def __init__(self, size, skip=1):
        self.size = size
        self._reader = tf.TextLineReader(skip_header_lines=skip)

    def read(self, filename_queue):
        keys, lines = self._reader.read_up_to(filename_queue, self.size)
        a, b = tf.decode_csv(lines, record_defaults=[[0], [0.0]])
        return keys[0], tf.size(a), tf.reduce_sum(a), tf.reduce_max(b)


def inputs(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    key, count, total, top = Windows(3).read(queue)
    return tf.train.batch([key, count, total * 2, top], 2, allow_smaller_final_batch=True)


def main(data_dir):
    out = os.path.join(data_dir, "fixc4_order")
    os.makedirs(out, exist_ok=True)
    paths = []
    for i, n in enumerate([7, 4]):
        path = os.path.join(out, "part%d.csv" % i)
        with open(path, "w") as f:
            f.write("a,b\n")
            for k in range(n):
                f.write("%d,%.1f\n" % (100 * i + k, k * 1.5))
        paths.append(path)
    tensors = inputs(paths)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, c, t, m = sess.run(tensors)
                batches.append([[os.path.basename(x.decode()) for x in k], c.tolist(), t.tolist(), m.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "windows: %d" % sum(len(b[1]) for b in batches)}
