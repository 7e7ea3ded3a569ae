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

import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.runtime import failures
from tfdata_bridge._src.tf import tf

RELEASE_AFTER_S = 2.0  # how long a gone dataset's functions are kept for its iterators' finalizers

_lock = threading.Lock()
_released: list[tuple[float, tuple[Any, ...]]] = []  # (when the dataset went, its functions)


def from_generator(generator: Callable[[], Any], output_signature: Any) -> tf.data.Dataset:
    """``tf.data.Dataset.from_generator(generator, output_signature=...)``, its Python functions held by
    the dataset rather than by the process (see the module). A producer failure it raises crosses as
    ``failures.crossing`` says (an exception whose text cannot be formatted goes as a stand-in)."""
    generator = crossing(generator)
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


def crossing(generator: Callable[[], Any]) -> Callable[[], Any]:
    """``generator``, its producer failures raised as ``failures.crossing`` says (the form in which they
    cross a ``py_func`` into tf.data)."""

    def crossed() -> Any:
        try:
            yield from generator()
        except Exception as error:  # noqa: BLE001 - a producer's failure, on its way into tf.data
            stand_in = failures.crossing(error)
            if stand_in is error:
                raise
            raise stand_in from None

    return crossed


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
