"""An input module: a plain function raising StopIteration when its records run out, a `py_func` over it, a
prefetch `FIFOQueue` with its runner (dtypes from a tuple), and the batch, all made in `staged_batches`."""

import struct

import numpy as np
from tensorflow.compat.v1 import train
import tensorflow.compat.v1 as tf1


def record_reader(paths):
    records = []
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()[4:]
        records += [struct.unpack("<ii", data[o:o + 8]) for o in range(0, len(data), 8)]
    state = {"next": 0}

    def next_record():
        if state["next"] >= len(records):
            raise StopIteration
        index, value = records[state["next"]]
        state["next"] += 1
        return np.int64(index), np.float32(value / 4.0)

    return next_record


def staged_batches(paths, batch_size):
    types = (tf1.int64, tf1.float32)
    index, value = tf1.py_func(record_reader(paths), [], list(types), stateful=True, name="records")
    index.set_shape(())
    value.set_shape(())
    q = tf1.FIFOQueue(capacity=16, dtypes=list(types), shapes=[(), ()], name="staged")
    train.add_queue_runner(train.QueueRunner(q, [q.enqueue([index, value])]))
    one_index, one_value = q.dequeue()
    return train.batch([one_index, one_value], batch_size, capacity=4 * batch_size,
                       allow_smaller_final_batch=True)
