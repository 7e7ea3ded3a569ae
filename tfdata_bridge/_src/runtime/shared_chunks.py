"""Chunks of elements in shared memory: how a process worker hands what it made to the consumer.

A worker writes a chunk (a list of elements, each a tuple of numpy arrays) into a shared-memory segment
with ``write``, and sends the consumer the small ``Layout`` it returns; the consumer reads the elements
back with ``read``, which copies them out, so the segment can be reused at once, or, whole, with
``columns``: one array per component, views into the segment, freed when the last view goes (a chunk
then crosses into tf.data as it lies in shared memory, see ``process_workers``). Per component:

- ``stack``: every element has the same shape: one array of shape ``(n, *shape)``, written by
  ``np.stack(..., out=...)`` straight into the segment (one copy on each side);
- ``ragged``: shapes differ: the elements' bytes one after the other, with their shapes in the layout;
- ``objects``: strings (object arrays): pickled in the layout, once per chunk, never per element.

Segments are made and unlinked by the consumer's process only (``Segments``): a worker that is killed
leaves none behind. Their names start with ``PREFIX`` and the consumer's pid, so a test can find them.
Pure Python and numpy.
"""

from __future__ import annotations

import atexit
import itertools
import math
import os
import pickle
import secrets
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import shared_memory
from typing import Any

import numpy as np

PREFIX = "tfdb_"
ALIGN = 64  # each component's bytes start at a multiple of this
MIN_SEGMENT = 1 << 20  # a segment is at least 1 MiB (tmpfs pages are only used as they are written)

Element = tuple[Any, ...]
_counter = itertools.count()


@dataclass(frozen=True)
class Part:
    """Where one component of a chunk lies: ``kind`` (stack / ragged / objects), the dtype, the
    shapes (one stacked shape, or one per element), the byte offset, or the pickled objects."""

    kind: str
    dtype: str = ""
    shapes: tuple[tuple[int, ...], ...] = ()
    offset: int = 0
    objects: bytes = b""


Layout = tuple[int, tuple[Part, ...]]  # (number of elements, one Part per component)


def _aligned(n: int) -> int:
    return (n + ALIGN - 1) // ALIGN * ALIGN


def plan(elements: Sequence[Element]) -> tuple[list[Part], int]:
    """The parts of a chunk (their offsets) and the bytes it needs."""
    parts: list[Part] = []
    offset = 0
    for c in range(len(elements[0])):
        column = [e[c] for e in elements]
        dtype = column[0].dtype
        if dtype.kind == "O":
            parts.append(Part("objects", objects=pickle.dumps(column, protocol=pickle.HIGHEST_PROTOCOL)))
            continue
        shapes = {a.shape for a in column}
        if len(shapes) == 1 and all(a.dtype == dtype for a in column):
            shape = (len(column), *column[0].shape)
            parts.append(Part("stack", dtype.str, (shape,), offset))
            offset = _aligned(offset + dtype.itemsize * int(np.prod(shape)))
        else:
            parts.append(Part("ragged", dtype.str, tuple(a.shape for a in column), offset))
            offset = _aligned(offset + sum(a.nbytes for a in column))
    return parts, offset


def write(elements: Sequence[Element], parts: Sequence[Part], buf: memoryview) -> Layout:
    """Write ``elements`` into ``buf`` where ``parts`` (from ``plan``) says."""
    for c, part in enumerate(parts):
        if part.kind == "stack":
            out = np.ndarray(part.shapes[0], np.dtype(part.dtype), buffer=buf, offset=part.offset)
            np.stack([e[c] for e in elements], out=out)
        elif part.kind == "ragged":
            offset = part.offset
            dtype = np.dtype(part.dtype)
            for e, shape in zip(elements, part.shapes):
                out = np.ndarray(shape, dtype, buffer=buf, offset=offset)
                out[...] = e[c]
                offset += out.nbytes
    return len(elements), tuple(parts)


def read(layout: Layout, buf: memoryview) -> list[Element]:
    """The elements of a chunk, copied out of ``buf``."""
    n, parts = layout
    columns: list[Sequence[Any]] = []
    for part in parts:
        if part.kind == "objects":
            columns.append(pickle.loads(part.objects))
        elif part.kind == "stack":
            stacked = np.ndarray(part.shapes[0], np.dtype(part.dtype), buffer=buf, offset=part.offset).copy()
            columns.append(list(stacked))
        else:
            dtype = np.dtype(part.dtype)
            total = sum(int(np.prod(s)) for s in part.shapes)
            flat = np.ndarray((total,), dtype, buffer=buf, offset=part.offset).copy()
            column, start = [], 0
            for shape in part.shapes:
                size = int(np.prod(shape))
                column.append(flat[start:start + size].reshape(shape))
                start += size
            columns.append(column)
    return [tuple(col[j] for col in columns) for j in range(n)]


def stackable(layout: Layout) -> bool:
    """Whether ``columns`` can give this chunk: no component is ragged."""
    return all(part.kind != "ragged" for part in layout[1])


def columns(layout: Layout, buf: Any, on_free: Any = None) -> tuple[int, list[np.ndarray]]:
    """The chunk as ``(n, one array per component)``, the numeric ones views into ``buf`` (no copy).

    ``on_free()`` runs once no view is left (the arrays share one base array, which holds ``buf``):
    the segment may be written again from then on. Strings come out of the layout, as ``read``'s."""
    n, parts = layout
    end = 0
    for p in parts:
        if p.kind == "stack":
            end = max(end, _aligned(p.offset + np.dtype(p.dtype).itemsize * math.prod(p.shapes[0])))
    base = np.frombuffer(buf, np.uint8, count=end) if end else None
    if base is not None and on_free is not None:
        weakref.finalize(base, on_free).atexit = False
    out: list[np.ndarray] = []
    for part in parts:
        if part.kind == "objects":
            objects = pickle.loads(part.objects)
            column = np.empty((n, *np.shape(objects[0])), dtype=object)
            for j, value in enumerate(objects):
                column[j] = value
            out.append(column)
        elif part.kind == "stack":
            dtype = np.dtype(part.dtype)
            size = dtype.itemsize * math.prod(part.shapes[0])
            out.append(base[part.offset:part.offset + size].view(dtype).reshape(part.shapes[0]))
        else:
            raise ValueError("a chunk with ragged components has no columns; read() it")
    if base is None and on_free is not None:
        on_free()
    return n, out


def nbytes(element: Element) -> int:
    """Roughly what an element takes in a chunk (object components count their array only)."""
    return sum(getattr(a, "nbytes", 0) for a in element)


class Segments:
    """The shared-memory segments of one pipeline run, made and unlinked by the consumer's process."""

    def __init__(self) -> None:
        self._held: dict[str, shared_memory.SharedMemory] = {}

    def create(self, size: int) -> shared_memory.SharedMemory:
        size = max(MIN_SEGMENT, 1 << max(0, int(size) - 1).bit_length())  # a power of two: few regrowths
        name = f"{PREFIX}{os.getpid()}_{next(_counter)}_{secrets.token_hex(4)}"
        segment = shared_memory.SharedMemory(name=name, create=True, size=size)
        self._held[segment.name] = segment
        return segment

    def get(self, name: str) -> shared_memory.SharedMemory:
        return self._held[name]

    def release(self, name: str) -> None:
        segment = self._held.pop(name, None)
        if segment is not None:
            _unlink(segment)

    def release_all(self) -> None:
        for name in list(self._held):
            self.release(name)

    @property
    def names(self) -> list[str]:
        return list(self._held)


_deferred: list[shared_memory.SharedMemory] = []  # unlinked, still mapped by a chunk's live views
_quiet_at_exit = False


def _unlink(segment: shared_memory.SharedMemory) -> None:
    try:
        segment.unlink()
    except FileNotFoundError:
        pass
    _close(segment)
    retry_deferred()


def _close(segment: shared_memory.SharedMemory) -> None:
    try:
        segment.close()
    except BufferError:
        # a chunk's views (on their way through tf.data) still use the mapping: closed once they are
        # gone (``retry_deferred``); the name is already unlinked, so nothing is left behind
        global _quiet_at_exit
        _deferred.append(segment)
        if not _quiet_at_exit:
            atexit.register(quiet_deferred)
            _quiet_at_exit = True


def retry_deferred() -> None:
    """Close the unlinked segments whose views are gone."""
    pending = list(_deferred)
    _deferred.clear()
    for segment in pending:
        _close(segment)


def quiet_deferred() -> None:
    """At interpreter exit: the mappings still in use go with the process; their ``close`` would only
    complain (``BufferError`` from ``SharedMemory.__del__``)."""
    retry_deferred()
    for segment in _deferred:
        segment.close = lambda: None  # type: ignore[method-assign]


def attach(name: str) -> shared_memory.SharedMemory:
    """Open a segment the consumer made (in a worker)."""
    return shared_memory.SharedMemory(name=name)
