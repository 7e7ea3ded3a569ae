"""The tf.data pipeline behind a drop-in batch call's tensors: ``tfdata_bridge.dataset_of(tensors)``.

A drop-in ``tf.train.batch`` / ``shuffle_batch`` (and the ``*_join`` / ``maybe_*`` variants) builds a
``tf.data.Dataset`` and hands back the ``get_next()`` tensors of a one-shot iterator over it
(``graph_batch.build``). The dataset is what scales out: the tf.data service runs it on its workers
(``scaling/service.py``), and its iterator's state can be saved with a ``Saver``
(``scaling/checkpoint.py``). ``graph_batch`` records both here, per graph, by the name of the
``get_next`` op; a pipeline rebuilt over a shared stream (``shared_streams.py``) records its new dataset
(its iterator op stays the same). That happens when the graph first runs (``shared_streams.settle``):
before it, a source that several calls read is not shared yet, and the dataset recorded reads it alone.
Settling here instead would start no runner for a program that never calls ``start_queue_runners``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.tf import plain

_made: GraphTable[dict[str, Made]] = GraphTable("pipeline_datasets")  # graph -> {get_next op name: Made}


@dataclass
class Made:
    """A batch call's dataset (as its one-shot iterator reads it now, or sends to the tf.data service),
    that iterator, and the service's address where the iterator reads it through the service
    (``TFDATA_BRIDGE_SERVICE``, ``scaling/dropin_service.py``). ``again``: where the dataset reads a known
    file list without a per-file function (``readers.file_reads``), which the service's dynamic sharding
    cannot split, what builds the same pipeline in the form it splits (``portable``)."""

    dataset: Any
    iterator: Any
    service: str | None = None
    again: Callable[[], Any] | None = None
    _again_made: Any = None

    def portable(self) -> Any:
        """The dataset in a form that can leave this process, split by the tf.data service's dynamic
        sharding or ``tf.distribute``'s: ``dataset`` itself, or ``again()``'s (made once, then kept): the
        same elements, each file read by the per-file ``flat_map`` over a dataset of names."""
        if self.again is None:
            return self.dataset
        if self._again_made is None:
            self._again_made = self.again()
        return self._again_made


def record(tensors: list[Any], dataset: Any, iterator: Any = None, service: str | None = None,
           again: Callable[[], Any] | None = None) -> Any:
    """Remember ``dataset`` (and, the first time, ``iterator``) for the batch tensors ``tensors``, read
    through the tf.data service at ``service`` (or here: ``None``); ``again``: ``Made.again``. Returns
    ``dataset``."""
    table = _made.setdefault(tensors[0].graph, {})
    made = table.get(tensors[0].op.name)
    if made is None:
        table[tensors[0].op.name] = Made(dataset, iterator, service, again)
    else:
        made.dataset, made.service, made.again, made._again_made = dataset, service, again, None
    return dataset


def dataset_of(tensors: Any) -> Any:
    """The ``tf.data.Dataset`` behind the tensors one drop-in batch call returned (graph mode, in their
    graph): what their one-shot iterator reads (in the form the tf.data service's dynamic sharding splits:
    ``Made.portable``), its elements in the structure the call returned (a dict, a bare tensor; a list as a
    tuple, tf.data having no list elements; a call that returned a ``SparseTensor`` gives the flat
    components it is made from). Read it with an iterator of its own (or hand it to
    ``tfdata_bridge.distribute``); running the batch tensors as well reads the same files a second time."""
    return structured(tensors, lookup(tensors, "tfdata_bridge.dataset_of").portable())


def structured(tensors: Any, dataset: Any) -> Any:
    """``dataset`` (whose elements are the flat ``get_next`` outputs behind ``tensors``) mapped into the
    structure of ``tensors``; unchanged where that structure holds a ``SparseTensor``."""
    leaves = tensors.values() if isinstance(tensors, dict) else (
        tensors if isinstance(tensors, (list, tuple)) else [tensors])
    if any(hasattr(t, "dense_shape") or not hasattr(t, "value_index") for t in leaves):
        return dataset

    def restructure(*flat: Any) -> Any:
        if isinstance(tensors, dict):
            return {key: flat[t.value_index] for key, t in tensors.items()}
        if isinstance(tensors, (list, tuple)):
            return tuple(flat[t.value_index] for t in tensors)
        return flat[tensors.value_index]

    return dataset.map(plain(restructure))


def lookup(tensors: Any, purpose: str) -> Made:
    """What ``record`` kept for the batch tensors ``tensors`` (a tensor, a list or tuple, or a dict, as the
    batch call returned them); ``ValueError`` naming what came and the fix when they are not such tensors.
    ``purpose`` names the caller in that message."""
    items = list(tensors.values()) if isinstance(tensors, dict) else (
        list(tensors) if isinstance(tensors, (list, tuple)) else [tensors])
    found: list[Made] = []
    for item in items:
        parts = [item.indices, item.values, item.dense_shape] if hasattr(item, "dense_shape") else [item]
        for part in parts:
            op = getattr(part, "op", None)
            made = _made.get(getattr(part, "graph", None), {}).get(op.name) if op is not None else None
            if made is not None and all(made is not other for other in found):
                found.append(made)
    if len(found) == 1:
        return found[0]
    got = "tensors of several batch calls" if found else f"{_describe(tensors)}"
    raise ValueError(
        f"{purpose} takes the tensors one drop-in batch call returned (tfdata_bridge.compat.v1.train.batch, "
        f"shuffle_batch, batch_join, shuffle_batch_join or a maybe_* variant, in graph mode); got {got}. "
        "Pass what that one call returned, built with `import tfdata_bridge.compat.v1 as tf`")


def _describe(value: Any) -> str:
    if isinstance(value, (list, tuple, dict)):
        inner = list(value.values()) if isinstance(value, dict) else list(value)
        names = ", ".join(getattr(v, "name", type(v).__name__) for v in inner[:3])
        return f"{type(value).__name__} of [{names}{', ...' if len(inner) > 3 else ''}]"
    return getattr(value, "name", None) or type(value).__name__
