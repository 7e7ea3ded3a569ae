"""The data module of `branch_arrays_package`: `from tensorflow.compat.v1 import train` style."""
import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def _split(seed):
    rng = np.random.RandomState(seed)
    return rng.randint(0, 50, size=(9, 2)), np.arange(9), rng.randint(50, 99, size=(6, 2)), np.arange(6) + 10


def inputs(eval_data, batch_size, seed=3):
    train_x, train_y, test_x, test_y = _split(seed)
    if not eval_data:
        rows = train_x.astype(np.float32)
        labels = train_y
    else:
        rows = test_x.astype(np.float32)
        labels = test_y
    row_batch, label_batch = train.batch([rows, labels], batch_size, enqueue_many=True)
    return tf.reshape(row_batch, [batch_size, 2]), label_batch
