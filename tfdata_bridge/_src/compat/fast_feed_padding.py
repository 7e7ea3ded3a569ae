"""The feed fast path's chunk step for a ``PaddingFIFOQueue`` whose shapes have unknown dimensions.

Elements fed one by one to such a queue may each have another shape (an audio sample of 50-400 rows),
so a chunk cannot be stacked and moved by one ``enqueue_many`` (that would pad every element to the
chunk's longest, and ``dequeue_many`` would then pad a batch to a length none of its elements has). The
chunk crosses padded instead, with each element's own shape beside it, and one session step runs a
loop that cuts every element back to its shape and enqueues it, in order, with TensorFlow's own
enqueue op: the queue holds exactly what legacy's per-element enqueues put there.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfdata_bridge._src.tf import tf

tf1 = tf.compat.v1


def chunk_step(queue: Any, dtypes: list[Any], shapes: list[Any]) -> tuple[Any, tuple[Any, ...]]:
    """(an op that enqueues a padded chunk element by element, its placeholders): per component the
    padded values ``[n, ...]`` and, where its shape has an unknown dimension, the element shapes
    ``[n, rank]``."""
    padded = tuple(tf1.placeholder(d, [None] + [None] * s.rank, name="padded") for d, s in zip(dtypes, shapes))
    sizes = tuple(tf1.placeholder(tf.int32, [None, s.rank], name="sizes") if not s.is_fully_defined() else None
                  for s in shapes)
    count = tf.shape(padded[0])[0]

    def body(i: Any) -> Any:
        element = []
        for values, size, shape in zip(padded, sizes, shapes):
            value = values[i]
            if size is not None:
                value = tf.slice(value, tf.zeros([shape.rank], tf.int32), size[i])
            element.append(value)
        # TensorFlow's own enqueue (no fast path of its own), a dict where the queue has names
        enqueue = tf.queue.QueueBase.enqueue(queue, dict(zip(queue.names, element)) if queue.names else element)
        with tf1.control_dependencies([enqueue]):
            return i + 1

    loop = tf1.while_loop(lambda i: i < count, body, [tf.constant(0)], parallel_iterations=1, back_prop=False)
    with tf1.control_dependencies([loop]):
        step = tf.no_op(name="enqueue_padded_chunk")
    return step, padded + tuple(s for s in sizes if s is not None)


def chunk_feed(elements: list[list[np.ndarray]], dtypes: list[Any], shapes: list[Any]) -> list[np.ndarray]:
    """The values for ``chunk_step``'s placeholders, in their order: ``elements`` (each a list of
    component values) padded per component, then the element shapes of each component with an
    unknown dimension."""
    padded, sizes = [], []
    for c, (dtype, shape) in enumerate(zip(dtypes, shapes)):
        values = [element[c] for element in elements]
        dims = np.array([v.shape for v in values], dtype=np.int32).reshape(len(values), shape.rank)
        top = dims.max(axis=0) if len(values) else np.zeros([shape.rank], np.int32)
        out = np.full((len(values), *top), b"" if dtype is object else 0, dtype=dtype)
        for j, v in enumerate(values):
            out[(j, *(slice(0, d) for d in v.shape))] = v
        padded.append(out)
        if not shape.is_fully_defined():
            sizes.append(dims)
    return padded + sizes
