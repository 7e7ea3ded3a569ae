"""The helper of a package: `if not plain:` chooses a py_func's frames (enqueue_many) or the lines as read."""
import numpy as np
from tensorflow.compat.v1 import TextLineReader, decode_csv, float32, py_func, train


def frames(values, width):
    out = [values[i:i + width] for i in range(len(values) - width + 1)]
    return np.array(out, np.float32)


def batches(files, plain, batch_size=3):
    names = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = TextLineReader().read(names)
    a, b, c, d = decode_csv(line, [[0.0]] * 4)
    values = [a, b, c, d]
    if not plain:
        window = py_func(frames, [values, 2], float32)
        window.set_shape([None, 2])
        rows = train.shuffle_batch([window], batch_size=batch_size, capacity=30, min_after_dequeue=3,
                                   num_threads=2, enqueue_many=True, seed=11)
    else:
        total = a + b + c + d
        rows = train.shuffle_batch([total], batch_size=batch_size, capacity=30, min_after_dequeue=3, seed=11)
    return rows
