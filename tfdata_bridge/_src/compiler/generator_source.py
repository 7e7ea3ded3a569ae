"""``tf.data.Dataset.from_generator`` without its eager-mode leak.

``from_generator`` traces three functions that call Python through ``py_func`` (the iterator id, the
next element, the finalizer). ``py_func`` keeps each Python function alive by appending it to the
outermost graph's ``_py_funcs_used_in_graph`` list, which in eager mode is the process-wide default
graph: every dataset's generator, and all it references, stays for the life of the process
(tensorflow/tensorflow#37653, #123269; fixed upstream after 2.21 by keeping them on the function's own
graph). For the bridge that is the spec's producers and a queue's channel with what it still holds:
``benchmarks/soak.py`` measured RSS growing by about 15 KB per ``as_dataset()`` and 8 KB per
``compile()``.

``from_generator`` here calls TensorFlow's, then takes the entries that call *this* generator (found
through the ``_GeneratorState`` they close over) out of that list and keeps them while the returned
dataset lives, as the upstream fix does: the datasets built on it and their iterators hold it. One
thing more: an iterator's finalizer (a ``py_func`` too) runs when TensorFlow destroys the iterator, which
can come after the dataset object is gone (the garbage collector frees a cycle holding both in any
order). So when the dataset goes, its entries wait in ``_released`` for ``RELEASE_AFTER_S``, and are
dropped by a later ``from_generator`` call. Nothing else in the list is touched; where TensorFlow's
internals differ and no entry is recognised, the dataset behaves exactly as TensorFlow's own (and leaks
as it does).
"""

from __future__ import annotations

import itertools
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from tfdata_bridge._src.compat import tf_private
from tfdata_bridge._src.runtime import failures
from tfdata_bridge._src.tf import tf

RELEASE_AFTER_S = 2.0  # how long a gone dataset's functions are kept for its iterators' finalizers

_lock = threading.Lock()
_released: list[tuple[float, tuple[Any, ...]]] = []  # (when the dataset went, its functions)


def from_generator(generator: Callable[[], Any], output_signature: Any) -> tf.data.Dataset:
    """``tf.data.Dataset.from_generator(generator, output_signature=...)``, its Python functions held by
    the dataset rather than by the process (see the module). A producer failure it raises crosses as
    ``failures.crossing`` says (an exception whose text cannot be formatted goes as a stand-in)."""
    generator = _crossing(generator)
    if not tf.executing_eagerly():  # graph mode: the user's graph holds them, and is freed with it
        return tf.data.Dataset.from_generator(generator, output_signature=output_signature)
    _drop_released()
    graph = tf.compat.v1.get_default_graph()
    held = tf_private.py_funcs_held_by(graph)
    start = len(held) if held is not None else 0
    dataset = tf.data.Dataset.from_generator(generator, output_signature=output_signature)
    held = tf_private.py_funcs_held_by(graph)  # (created by the first py_func)
    if held is None:
        return dataset
    ours = [f for f in held[start:] if _calls(f, generator)]
    if ours:
        weakref.finalize(dataset, _release, tuple(ours)).atexit = False  # holds them until the dataset goes
        for f in ours:  # one by one: another thread's entries, appended meanwhile, stay
            try:
                held.remove(f)
            except ValueError:
                pass
    return dataset


def pulled(generator: Callable[[], Any], output_signature: Any) -> tf.data.Dataset:
    """In graph mode, the elements ``from_generator(generator, output_signature=...)`` gives, for less.

    ``from_generator`` starts a fresh ``generator()`` per iteration and finalizes it when the iteration
    ends, which is what an iteration needs; but each element then crosses through ``py_function``, whose
    Python side turns the numpy values into eager tensors, checks their specs and flattens them again:
    about 230 µs a call on the two-core machines (measured with the drop-in's ``train.batch``: a third of
    the consumer's time per batch). Here ``from_generator`` only starts and ends the iteration: it makes
    the generator and yields one key for it; the elements come from a ``numpy_function`` that takes the
    next one by that key and returns its numpy arrays, which the kernel copies into tensors (about 150 µs
    a call). The generator's values must already have the signature's dtypes and shapes (the bridge's
    chunks are stacked to them); ``ensure_shape`` checks the shapes anyway."""
    if tf.executing_eagerly():
        raise RuntimeError("pulled() builds graph-mode pipelines; use from_generator() in eager mode")
    generator = _crossing(generator)
    specs = tf.nest.flatten(output_signature)
    dtypes = [spec.dtype for spec in specs]
    running: dict[int, Any] = {}
    keys = itertools.count()

    def iteration() -> Any:
        key = next(keys)
        running[key] = elements = generator()
        try:
            yield np.int64(key)
        finally:
            running.pop(key, None)
            elements.close()

    def take(key: Any) -> list[Any]:
        elements = running.get(int(key))
        if elements is None:  # the iteration ended
            raise StopIteration
        value = next(elements)  # StopIteration ends the map: the end of the iteration's elements
        return [np.asarray(v, dtype=d.as_numpy_dtype) for v, d in zip(tf.nest.flatten(value), dtypes)]

    def element(key: Any) -> Any:
        values = tf.numpy_function(take, [key], dtypes, stateful=True, name="pulled")
        return tf.nest.pack_sequence_as(output_signature, [tf.ensure_shape(v, spec.shape) for v, spec in zip(values, specs)])

    iterations = tf.data.Dataset.from_generator(iteration, output_signature=tf.TensorSpec((), tf.int64))
    # v1's map (preserve_cardinality=False) takes the function's OutOfRangeError as the end of its
    # elements, where v2's turns it into an InvalidArgumentError
    return iterations.flat_map(lambda key: tf.compat.v1.data.Dataset.from_tensors(key).repeat().map(element))


def _crossing(generator: Callable[[], Any]) -> Callable[[], Any]:
    def crossing() -> Any:
        try:
            yield from generator()
        except Exception as error:  # noqa: BLE001 - a producer's failure, on its way into tf.data
            stand_in = failures.crossing(error)
            if stand_in is error:
                raise
            raise stand_in from None

    return crossing


def _release(functions: tuple[Any, ...]) -> None:
    with _lock:
        _released.append((time.monotonic(), functions))


def _drop_released() -> None:
    cutoff = time.monotonic() - RELEASE_AFTER_S
    with _lock:
        _released[:] = [entry for entry in _released if entry[0] > cutoff]


def _calls(entry: Any, generator: Callable[[], Any]) -> bool:
    """Whether ``entry`` (a function ``py_func`` registered) belongs to the dataset of ``generator``: it
    wraps a method of, or closes over, the ``_GeneratorState`` that holds ``generator``."""
    target = getattr(entry, "__wrapped__", entry)
    candidates = [getattr(target, "__self__", None)]
    candidates += [cell.cell_contents for cell in (getattr(target, "__closure__", None) or ())
                   if _filled(cell)]
    return any(getattr(c, "_generator", None) is generator for c in candidates)


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - an empty cell raises
    except ValueError:
        return False
    return True
