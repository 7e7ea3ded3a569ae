"""The frontier registry: graph tensors whose values the bridge makes in tf.data itself.

A lifted producer subgraph (``lifting.analyze``) stops where such a tensor stands and reads it as an
element of the tensor's *source* dataset instead of re-running the op that made it. Sources register
here when they create their tensors: a drop-in reader's ``read()`` (``readers.py``), an input producer's
``dequeue()`` (``input_producers.py``). A bridge queue's dequeue has its own registry
(``queue_reading.DequeueSource``), which ``lifting`` reads beside this one.

A source is any object with:
- ``width``: how many tensors one read makes (2 for a reader's ``(key, value)``);
- ``stream``: the object whose elements the source consumes, or None. Sources over one stream (two
  readers on one filename queue) split it between them, as legacy readers sharing a queue did; a
  stream with several consumers is shared between them (``shared_streams.py``);
- ``present(needed)``: which components its dataset yields when only those in ``needed`` are used (a
  key that no op reads is left out: formatting it, or even carrying an empty one, costs a map call per
  record);
- ``dataset(needed, shard)``: a ``tf.data.Dataset`` whose elements are the ``present(needed)``
  components (a tuple, or a bare tensor for one); ``shard = (index, count)`` says which share of the
  stream to read;
- ``describe()``: a short phrase for messages.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Frontier:
    """The source that makes a tensor's values, and the tensor's component index in its reads."""

    source: Any
    index: int


_registry: weakref.WeakKeyDictionary[Any, dict[str, Frontier]] = weakref.WeakKeyDictionary()


def register(tensors: list[Any], source: Any) -> None:
    """Record that ``tensors`` (one read of ``source``, in component order) are made by ``source``."""
    for index, tensor in enumerate(tensors):
        _registry.setdefault(tensor.graph, {})[tensor.name] = Frontier(source, index)


def lookup(tensor: Any) -> Frontier | None:
    """The frontier entry of ``tensor``, or None when nothing of the bridge's made it."""
    graph = getattr(tensor, "graph", None)
    if graph is None:
        return None
    return _registry.get(graph, {}).get(getattr(tensor, "name", None))
