"""Per-graph tables that go with their graph.

The drop-in remembers things per ``tf.Graph``: a pipeline's iterator ops, a reader's frontier tensors, a
fed enqueue's batched twin. A ``weakref.WeakKeyDictionary`` keyed by the graph does not free them: its
values (operations, tensors, sources holding tensors) refer to their graph, so the dictionary's strong
reference to the value keeps the weak key alive, and every graph ever built stayed (issue 20: 100
``reset_default_graph()`` + a file pipeline kept 1,680 graphs and 219 MB; legacy kept none).

A ``GraphTable`` keeps each graph's value *on the graph itself* (an attribute of the ``tf.Graph``
object), so the value lives exactly as long as the graph: a graph that refers to its table and back is
one reference cycle, which Python's collector frees as it frees the graph's own cycles (its operations
refer to it too). Where a graph takes no attribute (a TensorFlow that gave ``Graph`` ``__slots__``), the
table falls back to a ``WeakKeyDictionary`` and says so once in the log.

A graph holding a drop-in pipeline holds much more native memory than a legacy one until a full
collection frees it; ``graph_collection.py`` runs one before such graphs pile up.

The interface is the part of ``WeakKeyDictionary`` the drop-in used: ``get``, ``setdefault``, ``in``,
``[]``.
"""

from __future__ import annotations

import logging
import threading
import weakref
from typing import Any, Generic, TypeVar

from tfdata_bridge._src.compat import graph_collection

logger = logging.getLogger("tfdata_bridge")

V = TypeVar("V")
_MISSING = object()
_lock = threading.Lock()  # setdefault is atomic across threads, as WeakKeyDictionary's (under the GIL) was


class GraphTable(Generic[V]):
    """``{graph: value}``, the value held by the graph (see the module)."""

    def __init__(self, name: str) -> None:
        self._attr = f"_tfdata_bridge_{name}"
        self._fallback: weakref.WeakKeyDictionary[Any, V] = weakref.WeakKeyDictionary()

    def get(self, graph: Any, default: Any = None) -> Any:
        if graph is None:
            return default
        value = getattr(graph, self._attr, _MISSING)
        if value is _MISSING:
            try:
                return self._fallback.get(graph, default)
            except TypeError:  # not weakly referenceable: nothing was stored for it
                return default
        return value

    def setdefault(self, graph: Any, value: V) -> V:
        if graph is not None:
            graph_collection.noted(graph)  # (before the lock: it may collect garbage)
        with _lock:
            current = self.get(graph, _MISSING)
            if current is not _MISSING:
                return current
            try:
                setattr(graph, self._attr, value)
            except AttributeError:
                if not self._fallback:
                    logger.warning("tfdata_bridge: tf.Graph takes no attribute here; per-graph state is kept "
                                   "until the graph's last value goes (rebuilt graphs may not be freed)")
                self._fallback[graph] = value
            return value

    def __contains__(self, graph: Any) -> bool:
        return self.get(graph, _MISSING) is not _MISSING

    def __getitem__(self, graph: Any) -> V:
        value = self.get(graph, _MISSING)
        if value is _MISSING:
            raise KeyError(graph)
        return value
