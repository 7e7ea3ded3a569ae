"""``SparseTensor`` inputs to ``tf.train.batch`` and friends, batched by tf.data.

Legacy TensorFlow stores each ``SparseTensor`` in a ``SparseTensorsMap`` and batches int64 handles
through its queue (``_store_sparse_tensors``). Here each ``SparseTensor`` travels as its three
component tensors (indices, values, dense shape) through the lifted producer, is put back together
(``assemble``) before the shuffle and the batch, and tf.data batches it: the batch is a
``SparseTensor`` of dense shape ``[batch_size, max over the batch of each dimension]``, what legacy's
``take_many_sparse_from_tensors_map`` gives.
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.tf import tf

class NotLifted(Exception):
    """A call with ``SparseTensor`` inputs whose producer cannot be lifted: TensorFlow's own batch takes it
    (its queue keeps the sparse tensors' static shapes, which a queue of their components would lose)."""


def unknown_rank(values: list[Any]) -> bool:
    """Whether a ``SparseTensor`` among ``values`` has a rank unknown when the graph is built (tf.data
    batches sparse tensors of a known rank only; legacy's ``SparseTensorsMap`` takes any)."""
    return any(isinstance(t, tf.SparseTensor) and not t.dense_shape.shape.is_fully_defined() for t in values)


# One entry per original component: an int (the index of a dense component among the flat ones) or a
# triple (the indices of a SparseTensor's indices, values and dense shape).
Layout = list[Any]


def flatten(tensor_lists: list[list[Any]]) -> tuple[list[list[Any]], Layout, list[Any], list[Any]]:
    """Each tensor list with every ``SparseTensor`` replaced by its components; the layout to put them
    back; and the flat components' dtypes and shapes (from the first list; a sparse tensor's dense
    shape may vary from element to element, so only its rank is fixed)."""
    flat_lists: list[list[Any]] = []
    layout: Layout = []
    for n, tensors in enumerate(tensor_lists):
        flat: list[Any] = []
        for t in tensors:
            if isinstance(t, tf.SparseTensor):
                entry: Any = (len(flat), len(flat) + 1, len(flat) + 2)
                flat.extend([t.indices, t.values, t.dense_shape])
            else:
                entry = len(flat)
                flat.append(t)
            if n == 0:
                layout.append(entry)
        flat_lists.append(flat)
    for tensors in tensor_lists[1:]:
        kinds = [isinstance(t, tf.SparseTensor) for t in tensors]
        if kinds != [isinstance(e, tuple) for e in layout]:
            raise TypeError("Expected every tensor list to have SparseTensors in the same places: "
                            f"{[isinstance(e, tuple) for e in layout]} vs. {kinds}")
    first = flat_lists[0]
    dtypes = [t.dtype for t in first]
    shapes = [_loose(t.shape) for t in first]
    return flat_lists, layout, dtypes, shapes


def _loose(shape: Any) -> Any:
    """``shape`` with every dimension unknown (a sparse component's sizes vary per element)."""
    return tf.TensorShape([None] * shape.rank) if shape.rank is not None else tf.TensorShape(None)


def assemble(layout: Layout) -> Any:
    """A map function from the flat components to the original components, sparse ones rebuilt."""

    def put_back(*components: Any) -> tuple[Any, ...]:
        return tuple(
            tf.SparseTensor(components[e[0]], components[e[1]], components[e[2]]) if isinstance(e, tuple)
            else components[e]
            for e in layout
        )

    return put_back
