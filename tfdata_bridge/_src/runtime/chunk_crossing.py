"""Whole chunks into tf.data: what the generator yields when the channel's entries are chunks.

A process pool with ``chunked=True`` (``process_workers``) puts each worker's chunk into its channel as
one entry, ``(n, one array per component)``, the arrays views into shared memory. Here those entries
become what one ``from_generator`` call yields, with no Python per element:

- ``chunks``: each entry's arrays as they are (``transfer == "chunk"``: tf.data's ``unbatch`` splits
  them in C++);
- ``whole_batches``: the entries regrouped into whole consumer batches, ``(k, batch_size, ...)`` per
  yield (``transfer == "batches"``), the same elements in the same order as ``dequeue_many`` would give.
  A chunk that starts on a batch boundary and holds whole batches crosses as it lies (a reshape is a
  view); only the remainder of a chunk (fewer than ``batch_size`` elements) is copied, to be joined to
  the next. The short tail (made before a failure, or at the end) crosses where the consumer allows a
  smaller final batch, as ``dequeue_up_to`` gives it. With ``one_each`` (``transfer == "batch"``, what
  process workers' plans use) each batch is its own yield, ``(batch_size, ...)``: tf.data then needs no
  ``unbatch``, which copies every byte once more; a batch of a chunk is still a view into shared memory.

Pure numpy; the caller's ``take(timeout)`` waits for the next entries (``[]``: the end).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

Chunk = tuple[int, list[np.ndarray]]
Take = Callable[[], list[Any]]  # the next entries of the channel, [] at its end (it raises a failure)


def chunks(take: Take) -> Iterator[list[np.ndarray]]:
    """Each chunk's arrays, in channel order (none held here once it is yielded: its slot is freed as
    soon as tf.data is done with it)."""
    while entries := take():
        entries.reverse()
        while entries:
            n, arrays = entries.pop()
            if n:
                yield arrays
            del arrays


def whole_batches(take: Take, batch_size: int, drop_remainder: bool,
                  is_failure: Callable[[BaseException], bool], *,
                  one_each: bool = False) -> Iterator[list[np.ndarray]]:
    """The chunks' elements as whole batches: arrays of shape ``(k, batch_size, ...)``, or with
    ``one_each`` one batch per yield, ``(batch_size, ...)`` (the tail: fewer)."""
    if one_each:
        for arrays in whole_batches(take, batch_size, drop_remainder, is_failure):
            for i in range(len(arrays[0])):
                yield [a[i] for a in arrays]
            del arrays
        return
    held: list[list[np.ndarray]] = []  # copies of chunk remainders: the next batch's start
    held_n = 0

    def tail() -> list[np.ndarray]:
        return [np.concatenate(parts)[None] for parts in zip(*held)]

    while True:
        try:
            entries = take()
        except BaseException as error:
            if held_n and not drop_remainder and is_failure(error):
                yield tail()  # the tail made before a producer failed, as dequeue_up_to
            raise
        if not entries:
            break
        for n, arrays in entries:
            if not n:
                continue
            if held_n:
                need = min(n, batch_size - held_n)
                held.append([a[:need].copy() for a in arrays])
                held_n += need
                arrays, n = [a[need:] for a in arrays], n - need
                if held_n == batch_size:
                    yield tail()
                    held, held_n = [], 0
            whole = n - n % batch_size
            if whole:
                yield [a[:whole].reshape((whole // batch_size, batch_size, *a.shape[1:])) for a in arrays]
            if n > whole:
                held.append([a[whole:].copy() for a in arrays])
                held_n += n - whole
    if held_n and not drop_remainder:
        yield tail()
