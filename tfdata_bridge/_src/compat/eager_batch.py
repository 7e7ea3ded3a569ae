"""``tf.train.batch`` and friends given zero-argument callables (TF2 eager code, or any code that
passes a callable): a producer spec compiled into a ``tf.data.Dataset``.

A callable returns one element the way ``tensors`` would have been given: a list or tuple of
components, a dict, or a single value (with ``enqueue_many=True``, a batch of elements). It is called
until it raises ``StopIteration`` or ``tf.errors.OutOfRangeError``. The first producer is called once
when the dataset is defined, to learn the element's dtypes (and shapes, unless ``shapes`` is given);
that element is not lost: it is the first one the dataset delivers.

``keep_input`` (the ``maybe_*`` variants) is a Python bool / scalar bool tensor, or a callable taking
the element the producer returned and answering a bool (a bool per example with ``enqueue_many``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tfdata_bridge._src.compiler.dataset import compile as compile_spec
from tfdata_bridge._src.spec.pipeline import pipeline
from tfdata_bridge._src.tf import tf


def dataset(producers: Sequence[Callable[[], Any]], *, threads: int, keep_input: Any, batch_size: Any,
            capacity: int, enqueue_many: bool, shapes: Any, dynamic_pad: bool,
            allow_smaller_final_batch: bool, shuffle: tuple[int, Any] | None) -> tf.data.Dataset:
    keep = _keep(keep_input)
    first = Probe(producers[0])
    element = first.element
    names = sorted(element, key=str) if isinstance(element, dict) else None
    comps = [element[k] for k in names] if names else _components(element)
    dtypes = [_dtype(c) for c in comps]
    if shapes is None:
        shapes = [c.shape[1:] if enqueue_many else c.shape for c in comps]
        if dynamic_pad:
            shapes = [[None] * len(s) for s in shapes]
    wrapped = [_Producer(p, names, len(comps), keep, enqueue_many) for p in [first.call, *producers[1:]]]
    spec = pipeline(
        wrapped, dtypes=dtypes if len(dtypes) > 1 or names else dtypes[0],
        shapes=shapes if len(shapes) > 1 or names else shapes[0], names=names, capacity=capacity,
        batch_size=int(batch_size), allow_smaller_final_batch=allow_smaller_final_batch,
        shuffle=shuffle is not None, min_after_dequeue=shuffle[0] if shuffle else 0,
        seed=shuffle[1] if shuffle else None, dynamic_pad=dynamic_pad, threads=threads,
        enqueue_many=enqueue_many,
    )
    return compile_spec(spec)


def _keep(keep_input: Any) -> Any:
    if callable(keep_input):
        return keep_input
    value = keep_input.numpy() if hasattr(keep_input, "numpy") else keep_input
    value = np.asarray(value)
    if value.ndim:
        raise ValueError(
            f"keep_input given a callable producer must be a bool or a callable taking the element, got "
            f"shape {value.shape}; pass `keep_input=lambda element: ...` to decide per element"
        )
    return bool(value)


def _components(value: Any) -> list[np.ndarray]:
    if isinstance(value, (list, tuple)):
        return [_array(v) for v in value]
    return [_array(value)]


_PYTHON_DEFAULTS = {np.dtype(np.float64): np.float32, np.dtype(np.int64): np.int32}


def _array(value: Any) -> np.ndarray:
    if hasattr(value, "numpy"):
        return np.asarray(value.numpy())
    if isinstance(value, (np.ndarray, np.generic)):
        return np.asarray(value)
    if isinstance(value, str):
        value = value.encode()
    arr = np.asarray(value)
    # Python numbers and lists become what tf.convert_to_tensor makes of them: float32, int32.
    target = _PYTHON_DEFAULTS.get(arr.dtype)
    return arr.astype(target) if target is not None else arr


def _dtype(value: np.ndarray) -> Any:
    return tf.string if value.dtype.kind in "OSU" else tf.as_dtype(value.dtype)


class Probe:
    """Calls a producer once, up front, and delivers that element first."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self._fn = fn
        self._lock = threading.Lock()
        try:
            self.element = fn()
        except StopIteration:
            raise ValueError(
                f"the producer {getattr(fn, '__qualname__', fn)!r} made no element when called to learn the "
                "element's dtypes and shapes; pass a producer that makes at least one"
            ) from None
        self._pending = True

    def call(self) -> Any:
        with self._lock:
            if self._pending:
                self._pending = False
                return self.element
        return self._fn()


class _Producer:
    """Normalises what a user's callable returns into the spec's element, applying ``keep_input``."""

    def __init__(self, fn: Callable[[], Any], names: list[str] | None, n: int, keep: Any, enqueue_many: bool) -> None:
        self._fn, self._names, self._n, self._keep, self._many = fn, names, n, keep, enqueue_many
        self.__qualname__ = getattr(fn, "__qualname__", "producer")

    def __call__(self) -> Any:
        while True:
            value = self._fn()
            keep = self._keep(value) if callable(self._keep) else self._keep
            if self._names is not None:
                comps = [_array(value[k]) for k in self._names]
            else:
                comps = _components(value)
            keep = np.asarray(keep.numpy() if hasattr(keep, "numpy") else keep)
            if self._many and keep.ndim:
                comps = [c[keep.astype(bool)] for c in comps]
            elif not bool(keep):
                continue
            if self._names is not None:
                return dict(zip(self._names, comps))
            return tuple(comps) if self._n > 1 else comps[0]
