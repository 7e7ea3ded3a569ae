"""A py_func producer that hands out chunks of rows from a Python generator (StopIteration at the end),
re-batched to another size by `train.batch(enqueue_many=True, allow_smaller_final_batch=True)`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class ChunkReader(object):
    def __init__(self, path, chunk_rows=5):
        self.path = path
        self.chunk_rows = chunk_rows
        self._gen = None

    def _chunks(self):
        table = np.load(self.path)
        for start in range(0, len(table), self.chunk_rows):
            part = table[start:start + self.chunk_rows]
            yield part[:, 1:].astype(np.float32), part[:, 0].astype(np.int64)

    def _next_chunk(self):
        if self._gen is None:
            self._gen = self._chunks()
        return next(self._gen)

    def tensors(self):
        values, ids = tf.py_func(self._next_chunk, [], [tf.float32, tf.int64], stateful=True,
                                 name='next_chunk')
        values.set_shape([None, 3])
        ids.set_shape([None])
        return values, ids


def main(data_dir):
    folder = os.path.join(data_dir, 'h24_telemetry_pyfunc_chunk_generator_rebatch')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'telemetry.npy')
    table = np.array([[i, i * 0.5, (i % 4) * 1.25, 10.0 - i] for i in range(22)], dtype=np.float64)
    np.save(path, table)

    reader = ChunkReader(path)
    values, ids = reader.tensors()
    norm = values / tf.reduce_max(tf.abs(values) + 1.0, axis=1, keepdims=True)
    value_batch, id_batch, norm_batch = train.batch([values, ids, norm], batch_size=4, enqueue_many=True,
                                                   capacity=16, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        end = 'steps'
        while True:
            try:
                v, i, n = sess.run([value_batch, id_batch, norm_batch])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
                break
            batches.append([i.tolist(), v.round(4).tolist(), n.round(4).tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
