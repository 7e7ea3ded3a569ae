"""Argument handling of the legacy queue constructors, with TensorFlow's own exception types and
messages (copied from ``tensorflow/python/ops/data_flow_ops.py``, whose helpers are private)."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence
from typing import Any

from tfdata_bridge._src.tf import tf

_private_names = itertools.count()


def as_type_list(dtypes: Any) -> list[Any]:
    """A list of dtypes, as given (a single dtype becomes a one-item list)."""
    if not isinstance(dtypes, (list, tuple)):
        return [dtypes]
    return list(dtypes)


def as_shape_list(shapes: Any, unknown_dim_allowed: bool = False,
                  unknown_rank_allowed: bool = False) -> list[Any] | None:
    """A list of ``tf.TensorShape`` (or None), validated as the legacy constructors do."""
    if unknown_dim_allowed:
        if (not isinstance(shapes, Sequence) or not shapes
                or any(shape is None or isinstance(shape, int) for shape in shapes)):
            raise ValueError("When providing partial shapes, a list of shapes must be provided.")
    if shapes is None:
        return None
    if isinstance(shapes, tf.TensorShape):
        shapes = [shapes]
    if not isinstance(shapes, (tuple, list)):
        raise TypeError(
            "Shapes must be a TensorShape or a list or tuple of TensorShapes, "
            f"got {type(shapes)} instead."
        )
    if all(shape is None or isinstance(shape, int) for shape in shapes):
        shapes = [shapes]  # a single shape
    shapes = [tf.TensorShape(shape) for shape in shapes]
    if not unknown_dim_allowed and any(not shape.is_fully_defined() for shape in shapes):
        raise ValueError(f"All shapes must be fully defined: {shapes}")
    if not unknown_rank_allowed and any(shape.dims is None for shape in shapes):
        raise ValueError(f"All shapes must have a defined rank: {shapes}")
    return shapes


def as_name_list(names: Any, dtypes: Sequence[Any]) -> list[Any] | None:
    if names is None:
        return None
    if not isinstance(names, (list, tuple)):
        names = [names]
    if len(names) != len(dtypes):
        raise ValueError(
            "List of names must have the same length as the list "
            f"of dtypes, received len(names)={len(names)},"
            f"len(dtypes)={len(dtypes)}"
        )
    return list(names)


def resource_name(shared_name: str | None, name: str) -> str:
    """The ``shared_name`` the queue's resource is created under.

    The user's own ``shared_name`` is kept (it means what it means in TensorFlow). Without one, the
    queue still needs a name, because the dataset that reads it opens its own handle to it by name;
    the generated name is unique in the process, like TensorFlow's private ``_0_fifo_queue`` names
    (a shared_name may not start with an underscore).
    """
    if shared_name:
        return shared_name
    return f"tfdb{next(_private_names)}_{name or 'queue'}"


def shuffle_seeds(seed: int | None, shared_name: str | None) -> tuple[int, int]:
    """The op-level seeds of a RandomShuffleQueue, derived exactly as the legacy constructor does."""
    seed1, seed2 = tf.compat.v1.get_seed(seed)
    if seed1 is None and seed2 is None:
        seed1, seed2 = 0, 0
    elif seed is None and shared_name is not None:
        # A graph seed but no op seed: with a shared_name, seed2 depends only on the graph seed and it.
        string = (str(seed1) + shared_name).encode("utf-8")
        seed2 = int(hashlib.md5(string).hexdigest()[:8], 16) & 0x7FFFFFFF
    return seed1, seed2
