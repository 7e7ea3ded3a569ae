"""A slicing helper of a package: the tensors list grown by a comprehension's ``extend`` under a flag."""
import numpy as np
from tensorflow.compat import v1 as tf1


def sliced_batches(rows, with_weights, batch_size=2):
    ids = [r[0] for r in rows]
    values = np.array([r[1] for r in rows], np.float32)
    tensors = [ids, values]
    if with_weights:
        tensors.extend([np.array([r[2] for r in rows], np.float32) for _ in range(1)])
    sliced = tf1.train.slice_input_producer(tensors, num_epochs=1, shuffle=False)
    scaled = sliced[1] * 3.0
    if with_weights:
        return tf1.train.batch([sliced[0], scaled, sliced[-1]], batch_size=batch_size)
    return tf1.train.batch([sliced[0], scaled], batch_size=batch_size)
