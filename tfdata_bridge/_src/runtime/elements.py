"""Checking and converting what producers make into channel elements (tuples of numpy values), and
stacking elements into the chunks that cross into tf.data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tfdata_bridge._src.spec.signature import Signature, format_shape, numpy_dtype, shape_compatible

Element = tuple[Any, ...]


class ElementError(ValueError):
    """A producer made an element that does not fit the queue's signature."""


def _is_tensor_like(value: Any) -> bool:
    return hasattr(value, "numpy") and hasattr(value, "dtype") and hasattr(value, "shape")


class ElementConverter:
    """Turns producer output into elements for one signature, with errors that say who made what."""

    def __init__(self, signature: Signature, producer: str = "producer") -> None:
        self.signature = signature
        self.producer = producer
        self._np_dtypes = [numpy_dtype(d) for d in signature.dtypes]
        # The fast path of ``one``: components that are already ndarrays (or numpy scalars) of the
        # right dtype and shape pass through untouched. Only for fully defined, non-string signatures.
        self._fast = (
            signature.fully_defined and "string" not in signature.dtypes
            and all(dt.kind != "O" for dt in self._np_dtypes)
        )
        self._fast_specs = (
            tuple(zip(self._np_dtypes, signature.shapes)) if self._fast and signature.shapes is not None else ()
        )

    # -- structure
    def components(self, value: Any, index: int) -> list[Any]:
        sig = self.signature
        if sig.names is not None:
            if not isinstance(value, dict):
                raise self._error(index, f"a dict with keys {list(sig.names)}", f"{type(value).__name__}")
            if set(value) != set(sig.names):
                raise self._error(index, f"a dict with keys {sorted(sig.names)}", f"keys {sorted(value, key=str)}")
            return [value[n] for n in sig.names]
        if sig.single and not (isinstance(value, (list, tuple)) and len(value) == 1 and not _looks_like_array_data(value)):
            return [value]
        if isinstance(value, dict):
            raise self._error(index, f"a tuple of {len(sig)} components", "a dict (the queue has no names)")
        if not isinstance(value, (list, tuple)):
            if len(sig) == 1:
                return [value]
            raise self._error(index, f"a tuple of {len(sig)} components", type(value).__name__)
        if len(value) != len(sig):
            raise self._error(index, f"a tuple of {len(sig)} components", f"{len(value)} components")
        return list(value)

    # -- one component
    def array(self, value: Any, component: int, index: int, *, batched: bool = False) -> np.ndarray:
        target = self._np_dtypes[component]
        name = self.signature.dtypes[component]
        if _is_tensor_like(value):
            value = value.numpy()
        if name == "string":
            arr = np.asarray(value, dtype=object)
            flat = arr.reshape(-1)
            for i, item in enumerate(flat):
                if isinstance(item, str):
                    flat[i] = item.encode("utf-8")
                elif not isinstance(item, bytes):
                    raise self._error(index, f"string (bytes or str) for component {self._cname(component)}",
                                      f"{type(item).__name__} {item!r}")
            arr = flat.reshape(arr.shape) if arr.ndim else np.asarray(flat[0], dtype=object)
        else:
            try:
                arr = np.asarray(value)
            except (ValueError, TypeError) as e:  # a ragged nested list, say
                raise self._error(index, f"{name} for component {self._cname(component)}",
                                  f"{_preview(value)}, which is not an array ({e})",
                                  "make every row of a nested list the same length (pad the short ones)") from None
            if arr.dtype != target:
                if arr.dtype.kind in "OSU" or not (np.can_cast(arr.dtype, target, casting="same_kind")
                                                   or _both_integers(arr.dtype, target)):
                    raise self._error(index, f"{name} for component {self._cname(component)}",
                                      f"{arr.dtype} {_preview(value)}")
                with np.errstate(over="ignore", invalid="ignore"):  # a value that does not fit is refused below
                    converted = arr.astype(target)
                if not _same_values(arr, converted):  # as py_func, refuse a value the dtype cannot hold
                    raise self._error(index, f"{name} values for component {self._cname(component)}",
                                      f"{arr.dtype} {_preview(value)}, which does not fit in {name}",
                                      f"make the producer return values {name} can hold, or declare a dtype that "
                                      "holds them")
                arr = converted
        expected = self.signature.shape(component)
        shape = arr.shape[1:] if batched else arr.shape
        if expected is not None and not shape_compatible(expected, shape):
            raise self._error(index, f"shape {format_shape(expected)} for component {self._cname(component)}",
                              f"shape {format_shape(shape)}")
        return arr

    def one(self, value: Any, index: int) -> Element:
        if self._fast:
            element = self._one_fast(value)
            if element is not None:
                return element
        comps = self.components(value, index)
        return tuple(self.array(v, i, index) for i, v in enumerate(comps))

    def _one_fast(self, value: Any) -> Element | None:
        """``one`` for the common case, or None to take the general path (which also raises the errors)."""
        sig = self.signature
        kind = type(value)
        if sig.names is not None:
            if kind is not dict or len(value) != len(sig.names):
                return None
            try:
                comps = [value[n] for n in sig.names]
            except KeyError:
                return None
        elif sig.single:
            comps = [value]
        elif (kind is tuple or kind is list) and len(value) == len(self._fast_specs):
            comps = value
        else:
            return None
        out = []
        for v, (dtype, shape) in zip(comps, self._fast_specs):
            vtype = type(v)
            if vtype is np.ndarray:
                if v.dtype != dtype or v.shape != shape:
                    return None
                out.append(v)
            elif isinstance(v, np.generic) and not shape and v.dtype == dtype:
                out.append(np.asarray(v))
            else:
                return None
        return tuple(out)

    def many(self, value: Any, index: int) -> list[Element]:
        """Split a batch (``enqueue_many``) into elements along the first dimension."""
        comps = [self.array(v, i, index, batched=True) for i, v in enumerate(self.components(value, index))]
        sizes = set()
        for i, arr in enumerate(comps):
            if arr.ndim == 0:
                raise self._error(index, f"a batch (rank >= 1) for component {self._cname(i)} with enqueue_many",
                                  "a scalar")
            sizes.add(arr.shape[0])
        if len(sizes) > 1:
            raise self._error(index, "the same batch size in every component", f"sizes {sorted(sizes)}")
        n = sizes.pop()
        return [tuple(arr[j] for arr in comps) for j in range(n)]

    def _cname(self, component: int) -> str:
        names = self.signature.names
        return repr(names[component]) if names else str(component)

    def _error(self, index: int, expected: str, got: str, fix: str = "") -> ElementError:
        return ElementError(
            f"producer {self.producer!r}, element {index}: expected {expected}, got {got}; "
            f"the queue's elements are {self.signature.describe()}" + (f"; {fix}" if fix else "")
        )


def _both_integers(source: np.dtype, target: np.dtype) -> bool:
    """Whether a cast is between integer dtypes, signed or not (numpy's ``same_kind`` refuses int64 to
    uint8): such a value converts when it fits, as int64 to int32 does (``_same_values``)."""
    return source.kind in "iu" and target.kind in "iu"


def _same_values(source: np.ndarray, converted: np.ndarray) -> bool:
    """Whether a numeric cast kept every value: integers unchanged, finite floats still finite (a float
    rounds, as TensorFlow's own conversion rounds it)."""
    if converted.dtype.kind in "iub":
        with np.errstate(invalid="ignore"):
            return bool(np.array_equal(source, converted))
    if converted.dtype.kind in "fc" and source.dtype.kind in "fc":
        with np.errstate(invalid="ignore", over="ignore"):
            return bool(np.array_equal(np.isfinite(source), np.isfinite(converted)))
    return True


def _looks_like_array_data(value: Sequence[Any]) -> bool:
    return bool(value) and not isinstance(value[0], (list, tuple, np.ndarray))


def _preview(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def stack(elements: Sequence[Element], np_dtypes: Sequence[np.dtype], *, pad: bool = False) -> list[np.ndarray]:
    """Stack elements component-wise into arrays with a leading batch dimension.

    With ``pad``, each component is zero-padded (empty strings for strings) to the largest size per
    dimension in this batch, as ``PaddingFIFOQueue.dequeue_many`` does.
    """
    out = []
    for c, dtype in enumerate(np_dtypes):
        parts = [e[c] for e in elements]
        if pad:
            out.append(_pad_stack(parts, dtype))
        elif dtype == object:
            out.append(np.stack(parts))
        else:
            out.append(_stack_same_shape(parts))
    return out


def _stack_same_shape(parts: Sequence[np.ndarray]) -> np.ndarray:
    """``np.stack(parts)`` for non-object arrays, three times faster for many small arrays; the same
    result and the same errors. (``np.array`` would nest 0-d object arrays, so strings keep np.stack.)
    Rows that are consecutive rows of one array (a chunk from a process worker, an ``enqueue_many``
    batch) are that array's slice, not copied: the caller only reads it."""
    rows = _consecutive_rows(parts)
    if rows is not None:
        return rows
    try:
        arr = np.array(parts)
    except ValueError:
        return np.stack(parts)  # shapes differ: let np.stack raise its own error
    if arr.shape[1:] != np.shape(parts[0]):
        return np.stack(parts)
    return arr


def _consecutive_rows(parts: Sequence[np.ndarray]) -> np.ndarray | None:
    """``base[i:i + len(parts)]`` where ``parts`` are exactly those rows of one array ``base``; else None."""
    first = parts[0]
    base = getattr(first, "base", None)
    if type(first) is not np.ndarray or type(base) is not np.ndarray or base.ndim != first.ndim + 1 \
            or not base.strides[0] or base.shape[1:] != first.shape or base.strides[1:] != first.strides:
        return None
    stride = base.strides[0]
    origin = base.__array_interface__["data"][0]
    offset = first.__array_interface__["data"][0] - origin
    if offset % stride or first.dtype != base.dtype:
        return None
    start = offset // stride
    address = origin + offset
    for part in parts:
        if type(part) is not np.ndarray or part.base is not base or part.__array_interface__["data"][0] != address:
            return None
        address += stride
    if start < 0 or start + len(parts) > base.shape[0]:
        return None
    return base[start:start + len(parts)]


def _pad_stack(parts: Sequence[np.ndarray], dtype: np.dtype) -> np.ndarray:
    shape = tuple(max(dims) for dims in zip(*(np.shape(p) for p in parts))) if np.ndim(parts[0]) else ()
    fill = b"" if dtype == object else 0
    arr = np.full((len(parts),) + shape, fill, dtype=dtype)
    for i, p in enumerate(parts):
        arr[(i,) + tuple(slice(0, d) for d in np.shape(p))] = p
    return arr
