"""The queue and the reader are made in `_build()`, which `__init__` calls; the method's tensors are unpacked, then
shuffled into batches by a caller that imports `train` on its own; other attributes (`scale`) are read in the
method."""
import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class CsvRows:
    def __init__(self, pattern, scale):
        self.scale = scale
        self._build(sorted(glob.glob(pattern)))

    def _build(self, files):
        self._files = train.string_input_producer(files, num_epochs=1, shuffle=False)
        self._lines = tf.TextLineReader(skip_header_lines=1)

    def row(self):
        """One parsed row."""
        key, line = self._lines.read(self._files)
        a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return a * self.scale, b + 1.0, label


def main(data_dir):
    rows = CsvRows(os.path.join(data_dir, "table-*.csv"), scale=3)
    a, b, label = rows.row()
    a_batch, b_batch, label_batch = train.shuffle_batch([a, b, label], batch_size=6, capacity=40,
                                                        min_after_dequeue=10, seed=7,
                                                        allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y, z = sess.run([a_batch, b_batch, label_batch])
                batches.append(sorted(zip(x.tolist(), [round(float(v), 3) for v in y], z.tolist())))
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": [[len(b) for b in batches], sorted(r for b in batches for r in b)], "end": "done"}
