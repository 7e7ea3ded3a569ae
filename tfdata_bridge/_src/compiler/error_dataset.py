"""The dataset class ``compile(spec)`` and ``as_dataset()`` return: a ``tf.data.Dataset`` whose
iterators re-raise a producer's own exception where tf.data gives a ``tf.errors`` one.

tf.data turns a producer's exception into a ``tf.errors`` type (``runtime/failures.py`` says which) that
keeps only its text. ``BridgeDataset`` is the same dataset (it shares the wrapped dataset's variant
tensor, so nothing is added to the pipeline), and its Python iterator (``for x in dataset``,
``next(iter(dataset))``, ``get_next()``, ``as_numpy_iterator()``) claims the original exception back by the
token in the message and raises it, with the producer's traceback. Transformations (``map``, ``batch``,
``prefetch``, ...) return a ``BridgeDataset`` too, so a chain after ``compile`` keeps this.

Where no Python code of ours runs between the failure and the user, the ``tf.errors`` type arrives:
inside a ``tf.function`` (Keras ``fit``/``evaluate``/``predict`` run the iterator there), through
``tf.distribute``'s own iterators, and for datasets built by static constructors
(``tf.data.Dataset.zip``/``choose_from_datasets``). Its message still starts with the original type and
message, and holds the producer's traceback and the bridge's note naming the producer and thread.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.runtime import failures, gc_guard, iterations, process_hooks
from tfdata_bridge._src.tf import tf


def _original_errors(call: Callable[[], Any]) -> Any:
    """Run ``call``; if it raises a ``tf.errors`` error that carries a producer's exception, raise that."""
    try:
        return call()
    except tf.errors.OpError as error:
        found = failures.claim(error)
        if found is None:
            raise
    except RuntimeError as error:
        if process_hooks.is_interrupt(error):  # Ctrl-C while a generator waited (process_hooks.py)
            raise KeyboardInterrupt from None
        raise
    original, traceback = found
    # Raised outside the except block, so the original keeps its own __cause__/__context__; the
    # traceback is the producer's (the consumer's frames are added as it propagates).
    raise original.with_traceback(traceback)


# TensorFlow has no public iterator class to subclass (``tf.data.Iterator`` is abstract); the one
# ``tf.data.Dataset.__iter__`` makes is this (tf_private). Subclassing it keeps the iterator a real
# tf.data iterator: Keras and ``tf.function`` take it as a composite tensor, checkpoints can save it.
class BridgeIterator(tf_private.OwnedIterator):
    """``tf.data``'s eager iterator, raising a producer's own exception in place of the ``tf.errors`` one.

    Its TensorFlow state is never destroyed inside a garbage collection or on a thread it waits for
    (``runtime/gc_guard.py``)."""

    def __init__(self, dataset: Any = None, *args: Any, **kwargs: Any) -> None:
        # the producer runs it begins stop when it goes (runtime/iterations.py)
        self._bridge_owner = iterations.Owner(getattr(dataset, "_bridge_generators", ()))
        super().__init__(dataset, *args, **kwargs)
        gc_guard.track(self)
        process_hooks.install(self)  # (it may outlive its dataset)
        failures.register_consumer(self)  # a producer's failure is kept for it while it lives

    def __del__(self, _release: Callable[..., bool] = gc_guard.release) -> None:
        # Bound early: at exit the module may be gone.
        owner = self.__dict__.get("_bridge_owner")
        _release(self.__dict__.get("_iterator_resource"), self.__dict__, owner.stop if owner is not None else None)

    def _bridge_call(self, call: Callable[[], Any]) -> Any:
        owner = self.__dict__.get("_bridge_owner")
        if owner is None or not owner.first:
            return _original_errors(call)
        with iterations.calling(owner):  # a producer run beginning now serves this iterator
            return _original_errors(call)

    def __next__(self) -> Any:
        return self._bridge_call(super().__next__)

    def get_next(self) -> Any:
        return self._bridge_call(super().get_next)

    def get_next_as_optional(self) -> Any:
        return self._bridge_call(super().get_next_as_optional)


class BridgeDataset(tf.data.Dataset):
    """A ``tf.data.Dataset`` whose iterators give back a producer's own exception (see the module)."""

    def __init__(self, dataset: tf.data.Dataset, generators: tuple[Any, ...] | None = None) -> None:
        self._bridge_input = dataset
        # the bridge generators it is made of (runtime/iterations.py): compile's, or its input's
        self._bridge_generators = generators if generators is not None else getattr(dataset, "_bridge_generators", ())
        super().__init__(tf.data.experimental.to_variant(dataset))

    def _inputs(self) -> list[Any]:  # tf.data.Dataset's abstract hook: options are merged from inputs
        return [self._bridge_input]

    @property
    def element_spec(self) -> Any:
        return self._bridge_input.element_spec

    def __iter__(self) -> BridgeIterator:
        if tf.executing_eagerly() or tf.inside_function():
            return BridgeIterator(self)
        return super().__iter__()  # TensorFlow's RuntimeError: no Python iteration in graph mode


def _keeps_translating(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def transformation(self: BridgeDataset, *args: Any, **kwargs: Any) -> Any:
        result = method(self, *args, **kwargs)
        if isinstance(result, tf.data.Dataset) and not isinstance(result, BridgeDataset):
            return BridgeDataset(result, self._bridge_generators)
        return result

    return transformation


# Every public instance method of tf.data.Dataset (map, batch, prefetch, with_options, apply, ...):
# one that returns a dataset returns a BridgeDataset. Static constructors are left as they are.
for _name, _method in list(vars(tf.data.Dataset).items()):
    if not _name.startswith("_") and inspect.isfunction(_method) and _name not in vars(BridgeDataset):
        setattr(BridgeDataset, _name, _keeps_translating(_method))
del _name, _method
