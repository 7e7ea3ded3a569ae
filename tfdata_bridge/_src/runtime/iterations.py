"""Which Python iterator a run of a compiled dataset's producers serves, so that dropping the iterator
stops them (issue 20 item 7).

TensorFlow destroys an iterator by waiting for its threads; one of them may be inside the bridge's
generator, waiting in the channel for a producer that waits on something else (an event, a socket). The
wait had no way out: ``del iterator`` hung forever. The wait is the bridge's own, and a closed channel
ends it, so the iterator's ``__del__`` stops the producer runs it began (``ProducerPool.stop``: the
channel closes, the generator ends quietly, and each producer thread is told to stop and ends when its
call returns).

The generator runs on one of tf.data's threads, which says nothing about the iterator it serves. A run
begins inside the consumer's ``next()`` (tf.data starts a generator at the first request), so the
iterator whose first ``next()`` is in progress on some thread (``calling``), over a dataset made of that
generator, is the one. Where that is not exactly one iterator (two first calls of one dataset at the
same moment, a run started ahead by a prefetch thread, a dataset combined by a static constructor such
as ``zip``), nothing is claimed and the run ends as before, with its iterator's threads.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_calling: dict[int, Owner] = {}  # thread ident -> the iterator whose first next() runs on that thread


class Owner:
    """One Python iterator over a bridge dataset: the generators its dataset is made of, and the producer
    runs it began."""

    __slots__ = ("generators", "runs", "first")

    def __init__(self, generators: tuple[Any, ...]) -> None:
        self.generators = generators
        self.runs: set[Any] = set()  # ProducerPools
        self.first = bool(generators)  # its first next() has not returned yet

    def stop(self) -> None:
        """The iterator is going: stop its runs (their channels close; their waits end at once)."""
        runs, self.runs = list(self.runs), set()
        for pool in runs:
            pool.stop(join=False)


@contextmanager
def calling(owner: Owner) -> Iterator[None]:
    """``owner``'s first ``next()`` runs on this thread meanwhile."""
    ident = threading.get_ident()
    _calling[ident] = owner
    try:
        yield
    finally:
        _calling.pop(ident, None)
        owner.first = False


def begin(generator: Any, pool: Any) -> Owner | None:
    """A run of ``generator`` began with ``pool``: the iterator it serves, where exactly one can be."""
    candidates = {id(o): o for o in list(_calling.values()) if any(g is generator for g in o.generators)}
    if len(candidates) != 1:
        return None
    owner = next(iter(candidates.values()))
    owner.runs.add(pool)
    return owner


def end(owner: Owner | None, pool: Any) -> bool:
    """The run of ``pool`` ends; True where its iterator went and stopped it (nobody waits for its
    producer threads then: TensorFlow's destructor waits for this run, and ``del`` with it)."""
    if owner is None:
        return False
    if pool in owner.runs:
        owner.runs.discard(pool)
        return False
    return True
