"""The element signature of a queue: dtypes, shapes and optional names.

Pure Python: dtypes are kept as their canonical names ("float32", "string"), shapes as tuples of
``int | None`` (``None`` for an unknown rank). TensorFlow ``DType`` / ``TensorShape`` objects and numpy
dtypes are accepted and normalised without importing TensorFlow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

Shape = tuple[int | None, ...] | None

DTYPE_NAMES = frozenset(
    {
        "bool", "string", "bfloat16", "float16", "float32", "float64", "complex64", "complex128",
        "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    }
)


def dtype_name(value: Any) -> str:
    """Canonical name of a dtype given as a string, a ``tf.DType`` or a numpy dtype."""
    if isinstance(value, str):
        name = value
    elif isinstance(getattr(value, "name", None), str) and hasattr(value, "as_numpy_dtype"):
        name = value.name  # a tf.DType
    else:
        try:
            dt = np.dtype(value)
        except TypeError:
            raise TypeError(
                f"dtype {value!r} is not a dtype; pass a name such as 'float32', a tf.DType or a numpy dtype"
            ) from None
        name = "string" if dt.kind in "SUO" else dt.name
    if name not in DTYPE_NAMES:
        raise TypeError(f"dtype {value!r} is not supported; use one of {sorted(DTYPE_NAMES)}")
    return name


def numpy_dtype(name: str) -> np.dtype:
    """The numpy dtype used to carry values of a dtype name through the bridge."""
    if name == "string":
        return np.dtype(object)
    if name == "bfloat16":
        import ml_dtypes  # shipped with TensorFlow

        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


def normalize_shape(value: Any) -> Shape:
    """A shape as a tuple of ``int | None``, or ``None`` for an unknown rank."""
    if value is None:
        return None
    if hasattr(value, "rank") and hasattr(value, "as_list"):  # tf.TensorShape
        return None if value.rank is None else tuple(value.as_list())
    if isinstance(value, (int, np.integer)):
        return (int(value),)
    dims = []
    for dim in value:
        dim = getattr(dim, "value", dim)  # tf.compat.v1.Dimension
        if dim is not None and not is_int(dim):
            # tf.TensorShape raises TypeError for a dimension that is not an int.
            raise TypeError(f"Dimension value must be integer or None, got {dim!r} in shape {value!r}; "
                            "dimensions are ints >= 0, or None where they vary")
        if dim is not None and dim < 0:
            raise ValueError(f"Dimension {dim} must be >= 0 (in shape {value!r}); dimensions are ints >= 0, "
                             "or None where they vary")
        dims.append(None if dim is None else int(dim))
    return tuple(dims)


def is_int(value: Any) -> bool:
    """An int and not a bool: a wrong-typed count is a ``TypeError``, a wrong value a ``ValueError``."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def is_fully_defined(shape: Shape) -> bool:
    return shape is not None and all(d is not None for d in shape)


def shape_compatible(expected: Shape, actual: tuple[int, ...]) -> bool:
    if expected is None:
        return True
    return len(expected) == len(actual) and all(e is None or e == a for e, a in zip(expected, actual))


def format_shape(shape: Shape) -> str:
    if shape is None:
        return "<unknown>"
    return "(" + ", ".join("None" if d is None else str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


@dataclass(frozen=True)
class Signature:
    """What one element of a queue holds.

    ``dtypes``: one name per component. ``shapes``: one shape per component, or ``None`` when unknown.
    ``names``: when given, elements are dicts keyed by these names (in this order). ``single``: the
    element is one bare value rather than a one-item tuple (as ``tf.queue`` does for a single dtype).
    """

    dtypes: tuple[str, ...]
    shapes: tuple[Shape, ...] | None = None
    names: tuple[str, ...] | None = None
    single: bool = False

    @classmethod
    def of(cls, dtypes: Any, shapes: Any = None, names: Any = None) -> Signature:
        """Build a signature from the arguments a ``tf.queue`` constructor takes."""
        single = not isinstance(dtypes, (list, tuple, dict))
        if isinstance(dtypes, dict):
            if names is None:
                names = list(dtypes)
            dtypes = [dtypes[n] for n in names]
        dtype_list = [dtypes] if single else list(dtypes)
        if not dtype_list:
            raise ValueError("dtypes is empty; a queue element needs at least one component")
        norm_dtypes = tuple(dtype_name(d) for d in dtype_list)
        norm_shapes = None
        if shapes is not None:
            if isinstance(shapes, dict):
                shapes = [shapes[n] for n in (names or [])]
            shape_list = [shapes] if single and not _is_shape_list(shapes) else list(shapes)
            if len(shape_list) != len(norm_dtypes):
                raise ValueError(  # tf.FIFOQueue's message, then the fix
                    "Queue shapes must have the same length as dtypes, "
                    f"received len(shapes)={len(shape_list)}, len(dtypes)={len(norm_dtypes)}; "
                    "give one shape per component"
                )
            norm_shapes = tuple(normalize_shape(s) for s in shape_list)
        norm_names = None
        if names is not None:
            norm_names = (names,) if isinstance(names, str) else tuple(names)
            if len(norm_names) != len(norm_dtypes):
                raise ValueError(  # tf.FIFOQueue's message, then the fix
                    "List of names must have the same length as the list of dtypes, "
                    f"received len(names)={len(norm_names)},len(dtypes)={len(norm_dtypes)}; "
                    "give one name per component"
                )
            if len(set(norm_names)) != len(norm_names):
                raise ValueError(f"names {list(norm_names)} has duplicates; names must be unique")
        return cls(norm_dtypes, norm_shapes, norm_names, single and norm_names is None)

    def __len__(self) -> int:
        return len(self.dtypes)

    def shape(self, index: int) -> Shape:
        return None if self.shapes is None else self.shapes[index]

    @property
    def fully_defined(self) -> bool:
        return self.shapes is not None and all(is_fully_defined(s) for s in self.shapes)

    @property
    def ranks_known(self) -> bool:
        return self.shapes is not None and all(s is not None for s in self.shapes)

    def with_priority(self) -> Signature:
        """The signature of a priority queue's element: an int64 scalar priority, then the components."""
        shapes = None if self.shapes is None else ((),) + self.shapes
        names = None if self.names is None else ("priority",) + self.names
        return Signature(("int64",) + self.dtypes, shapes, names, False)

    def describe(self) -> str:
        parts = []
        for i, dt in enumerate(self.dtypes):
            label = f"{self.names[i]}: " if self.names else ""
            parts.append(f"{label}{dt}{format_shape(self.shape(i))}")
        return "{" + ", ".join(parts) + "}" if self.names else "(" + ", ".join(parts) + ")"


def _is_shape_list(shapes: Any) -> bool:
    """True when ``shapes`` is a list of shapes rather than one shape (for a single-dtype queue)."""
    if hasattr(shapes, "as_list"):
        return False
    return isinstance(shapes, Sequence) and len(shapes) > 0 and all(
        s is None or hasattr(s, "as_list") or isinstance(s, Sequence) for s in shapes
    )
