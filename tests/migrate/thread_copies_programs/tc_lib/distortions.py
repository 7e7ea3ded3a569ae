"""Per-thread distortions of another module: the copy a record meets changes its values (Python control flow
and a Python list indexed by the thread's number). Each marks its copy in the label (``label * 10 + copy``)."""

from tensorflow.python.framework import dtypes
from tensorflow.python.ops import array_ops, math_ops

SCALES = [1.0, -1.0, 2.0, 0.5]


def scale_for(x, label, thread_id):
    scaled = x * SCALES[thread_id % len(SCALES)]
    return scaled, label * 10 + math_ops.cast(thread_id, dtypes.int64)


def flip_odd(x, label, copy=0):
    if copy % 2:
        x = array_ops.reverse(x, axis=[0])
    return x, label * 10 + copy
