"""The held-out shape: a reader class (`tf.compat.v1` through a module alias) whose `read` returns one window of
`read_up_to` decoded (`decode_csv`, `tf.stack` of the channels, `[0]` of a column), `set_shape` on it, made and read
at once and shuffle_batched by two threads; one file shorter than the others, cut to whole windows."""
import os

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1


class ChannelReader(object):
    """Windows of samples of a queue of recordings."""

    def __init__(self, window=2, channels=2, header=1):
        self.window = window
        self.channels = channels
        self._reader = v1.TextLineReader(skip_header_lines=header, name="channels")

    @property
    def defaults(self):
        return [[0]] + [[0.0] for _ in range(self.channels)] + [[0]]

    def read(self, filename_queue):
        keys, lines = self._reader.read_up_to(filename_queue, self.window)
        columns = v1.decode_csv(lines, record_defaults=self.defaults)
        values = tf.stack(columns[1:1 + self.channels], axis=1)
        values.set_shape([self.window, self.channels])
        return columns[0][0], values, columns[-1][0]


def make_batch(files):
    queue = v1.train.string_input_producer(files, num_epochs=2, shuffle=True, seed=4)
    start, values, label = ChannelReader(window=2).read(queue)
    return v1.train.shuffle_batch([start, tf.abs(values) * 3.0, label], batch_size=3, capacity=12,
                                  min_after_dequeue=2, num_threads=2, seed=4)


def main(data_dir):
    out = os.path.join(data_dir, "fixc4_shuffle")
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(4)
    files = []
    for g, n in enumerate([6, 2, 4]):
        path = os.path.join(out, "rec%d.csv" % g)
        with open(path, "w") as f:
            f.write("t,x,y,label\n")
            for t in range(n):
                x, y = rng.randint(-9, 10, size=2)
                f.write("%d,%d,%d,%d\n" % (100 * g + t, x, y, g))
        files.append(path)
    tensors = make_batch(files)
    batches = []
    with v1.Session() as sess:
        sess.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, v, l = sess.run(tensors)
                batches.append([s.tolist(), v.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "windows: %d" % sum(len(b[0]) for b in batches)}
