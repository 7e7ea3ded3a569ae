"""What goes into an eager queue and what comes out, checked and converted as ``tf.queue.QueueBase``
does it (``_check_enqueue_dtypes``, the shape checks of ``enqueue``/``enqueue_many`` and
``_dequeue_return_value`` in ``tensorflow/python/ops/data_flow_ops.py``), so mistakes raise TensorFlow's
own exception types and messages.

Inside the channel an element is a tuple of numpy arrays (0-d for scalars; ``object`` arrays of bytes
for strings), so that ``elements.stack`` can batch them without re-checking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tfdata_bridge._src.tf import tf

Element = tuple[np.ndarray, ...]


def components(vals: Any, names: Sequence[Any] | None) -> list[Any]:
    """The values of one enqueue as a list in component order (TensorFlow's structure checks)."""
    if isinstance(vals, dict):
        if not names:
            raise ValueError("Queue must have names to enqueue a dictionary")
        if sorted(names, key=str) != sorted(vals.keys(), key=str):
            raise ValueError(
                "Keys in dictionary to enqueue do not match "
                f"names of Queue.  Dictionary: {sorted(vals.keys())},"
                f"Queue: {sorted(names)}"
            )
        return [vals[k] for k in names]
    if names:
        raise ValueError("You must enqueue a dictionary in a Queue with names")
    if not isinstance(vals, (list, tuple)):
        return [vals]
    return list(vals)


def to_arrays(values: Sequence[Any], dtypes: Sequence[Any], np_dtypes: Sequence[np.dtype]) -> list[np.ndarray]:
    """Each component's value as a numpy array of its dtype (a copy: the caller may reuse its arrays).

    numpy values of exactly the right dtype are copied directly (about a tenth of the cost); anything
    else goes through ``tf.convert_to_tensor``, so wrong values raise TensorFlow's TypeErrors.
    """
    out = []
    for i, (v, dt, np_dt) in enumerate(zip(values, dtypes, np_dtypes)):
        if (type(v) is np.ndarray or isinstance(v, np.generic)) and np_dt.kind != "O" and v.dtype == np_dt:
            out.append(np.array(v))
        else:
            out.append(as_array(tf.convert_to_tensor(v, dtype=dt, name=f"component_{i}")))
    return out


def check_count(given: int, dtypes: Sequence[Any], op: str) -> None:
    """One value per component. TensorFlow raises InvalidArgumentError (a kernel signature mismatch) for
    too few and silently drops extra values; the bridge raises for both, since dropping loses data."""
    if given != len(dtypes):
        raise tf.errors.InvalidArgumentError(
            None, None,
            f"{op} got {given} component value(s) but the queue's elements have {len(dtypes)} "
            f"({', '.join(d.name for d in dtypes)}); pass a tuple with one value per component",
        )


def _compatible(shape: tuple[int, ...], dims: tuple[int | None, ...] | None) -> bool:
    return dims is None or (len(shape) == len(dims) and all(d is None or d == s for s, d in zip(shape, dims)))


def check_shapes(arrays: Sequence[np.ndarray], dims: Sequence[Any], shapes: Sequence[Any]) -> None:
    """``enqueue``: each value's shape must be compatible with its component's (``dims``: the
    components' shapes as tuples, None for an unknown rank; ``shapes``: as ``tf.TensorShape``)."""
    for a, d, shape in zip(arrays, dims, shapes):
        if not _compatible(a.shape, d):
            tf.TensorShape(a.shape).assert_is_compatible_with(shape)  # TensorFlow's ValueError


def check_batch(arrays: Sequence[np.ndarray], dims: Sequence[Any], shapes: Sequence[Any]) -> int:
    """``enqueue_many``: every value is a batch (rank >= 1) of the same size; returns that size."""
    batch = None
    for a, d, shape in zip(arrays, dims, shapes):
        if a.ndim == 0:
            tf.TensorShape(a.shape).with_rank_at_least(1)  # "Shape () must have rank at least 1"
        if batch is None:
            batch = a.shape[0]
        elif a.shape[0] != batch:
            raise ValueError(f"Dimensions {batch} and {a.shape[0]} are not compatible")
        if not _compatible(a.shape[1:], d):
            tf.TensorShape(a.shape[1:]).assert_is_compatible_with(shape)
    return int(batch)


def as_array(tensor: Any) -> np.ndarray:
    """A tensor's value as it is held in the channel."""
    if tensor.dtype == tf.string:
        return np.asarray(tensor.numpy(), dtype=object)
    return np.asarray(tensor.numpy())


def split(arrays: Sequence[np.ndarray], size: int) -> list[Element]:
    """The elements of an ``enqueue_many`` batch, in order (views into the batch arrays)."""
    return [tuple(a[j, ...] for a in arrays) for j in range(size)]


def to_tensor(array: np.ndarray, dtype: Any) -> Any:
    return tf.constant(array, dtype=dtype)


def empty_batch(shapes: Sequence[Any], np_dtypes: Sequence[np.dtype]) -> list[np.ndarray]:
    """What ``dequeue_many(0)`` returns: a batch of none (unknown dimensions become 0, as in TensorFlow)."""
    return [np.zeros((0,) + tuple(d or 0 for d in s.as_list()), dtype=np_dt) for s, np_dt in zip(shapes, np_dtypes)]


def result(tensors: list[Any], names: Sequence[Any] | None) -> Any:
    """A dict when the queue has names, a bare tensor for one component, else a list (as TensorFlow)."""
    if names:
        return {n: tensors[i] for i, n in enumerate(names)}
    if len(tensors) == 1:
        return tensors[0]
    return tensors
