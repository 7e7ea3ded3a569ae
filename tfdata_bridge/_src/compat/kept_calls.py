"""A Python op's calls after a read, kept by record number until a batch takes their record: the keep a
read again after a failure takes the op's values from, instead of calling the user's function twice.

Legacy called a Python op (``py_func``, ``numpy_function``, ``py_function``) after a read once per record
on its runner thread, and at a failing read (a missing file, a corrupt record, the op's own error) every
record before it was in the queue: the consumer got them (the short last batch with
``allow_smaller_final_batch``; everything a ``RandomShuffleQueue`` held). The drop-in delivers those by
reading the records again after the failure (``partial_replay.py``, ``shuffle_replay.py``), with each
Python op's values taken from here. Both ``train.batch`` and ``shuffle_batch`` (and their ``*_join``
forms: every list's ops record into the one keep of their call) keep the same way:

- ``recording`` wraps the user's function: its output (or the exception it raised) is kept by record
  number and node (a dict insert per call; parallel calls need no lock). After its first exception the
  function is not called again (legacy's runner stopped there): the error again.
- the number rides with the record through the shuffle and the batch, and one call per batch
  (``telling``) tells the keep which records that batch took (``taken``).
- a batch's calls are dropped only ``lag`` batches after it took them: more batches than the pipeline's
  read-ahead after the batch holds (``capacity`` in batches, and a margin), so the batches it makes after
  a failure (never delivered: legacy's runner had stopped) drop none the read again needs.

So every record no batch took keeps its calls however many calls came after it (a slow consumer, a large
capacity, parallel calls): the keep holds what the pipeline holds (about ``capacity`` records' outputs)
and the last ``lag`` batches'. An earlier keep of ``train.batch`` was a window of the last calls, which a
read-ahead longer than the window could empty of the very records the read again needed.

A read again asks ``replaying``'s function for each record's value: a record whose call is not kept ends
the read again as unknown (``Missing``, and ``missing`` records its number), so the error stands as it
came and no value is made up; a call that raised raises its error again for its record.
"""

from __future__ import annotations

import collections
import dataclasses
import threading
from typing import Any, Callable

import numpy as np

from tfdata_bridge._src.tf import plain, tf

tf1 = tf.compat.v1
LAG_MARGIN = 4  # batches beyond those the call's capacity holds, before a batch's calls are dropped


class Missing(LookupError):
    """A read again asked for a Python op's value of a record whose call is not kept."""


@dataclasses.dataclass(frozen=True)
class Failed:
    """A call that raised: the read again raises it again for that record."""

    error: BaseException


def lag(capacity: int, batch_size: int) -> int:
    """The batches a batch's calls stay after it was taken: more than the batches the pipeline holds after
    the batch (``capacity`` in batches bounds its prefetch), so its read-ahead after a failure drops none."""
    return -(-capacity // batch_size) + LAG_MARGIN


class KeptCalls:
    """Each Python op node's calls by record number, kept until ``lag`` batches after a batch took the record."""

    def __init__(self, lag: int) -> None:
        self.lag = lag
        self._values: dict[str, dict[int, Any]] = {}
        self._batches: collections.deque[list[int]] = collections.deque()
        self._below = 0  # every number below it was taken (and its calls dropped)
        self._above: set[int] = set()  # the numbers dropped at or above ``_below``
        self._lock = threading.Lock()
        self.missing: list[int] = []  # the numbers a read again asked for that are not kept

    def recording(self, node: str, func: Callable[..., Any]) -> Callable[..., Any]:
        """``func`` taking the record's number first, its return value (or exception) kept with it; after its
        first exception it is not called again (legacy's runner stopped there)."""
        kept = self._values.setdefault(node, {})  # (a dict's item set is atomic: parallel calls need no lock)
        failed: list[BaseException] = []

        def recorded(number: Any, *args: Any) -> Any:
            if failed:
                raise failed[0]
            try:
                out = func(*args)
            except BaseException as e:
                failed.append(e)
                kept[int(number)] = Failed(e)
                raise
            kept[int(number)] = out
            return out

        return recorded

    def taken(self, numbers: np.ndarray) -> bool:
        """A batch took the records ``numbers``: the calls of the batch ``lag`` batches before it are dropped."""
        with self._lock:
            self._batches.append(np.asarray(numbers).reshape(-1).tolist())
            if len(self._batches) <= self.lag:
                return True
            old = self._batches.popleft()
            for kept in self._values.values():
                for n in old:
                    kept.pop(n, None)
            self._above.update(old)
            while self._below in self._above:
                self._above.remove(self._below)
                self._below += 1
        return True

    def snapshot(self) -> dict[str, dict[int, Any]]:
        """What each node kept, by record number (taken once, after the failure)."""
        return self.snapshot_taken()[0]

    def snapshot_taken(self) -> tuple[dict[str, dict[int, Any]], int, np.ndarray]:
        """What each node kept, by record number, and the numbers whose calls were dropped: all below the
        second, and the sorted third."""
        with self._lock:
            self.missing = []
            values = {node: dict(kept) for node, kept in self._values.items()}
            return values, self._below, np.array(sorted(self._above), np.int64)

    def replaying(self, values: dict[int, Any]) -> Callable[..., Any]:
        """A node's function for the read again: the value kept for the record, never the user's function."""

        def replayed(number: Any, *_: Any) -> Any:
            got = values.get(int(number), self)
            if got is self:
                self.missing.append(int(number))
                raise Missing(f"record {int(number)}: its Python op's call is not kept")
            if isinstance(got, Failed):
                raise got.error
            return got

        return replayed

    def start(self, values: dict[str, dict[int, Any]], batch_size: int) -> int | None:
        """Where a read again of batches in the read's order begins: the first whole batch from which every
        node kept its calls, or None where that is after a call that failed (the failure is before what is
        kept) or nothing is kept."""
        lows = [min(kept) for kept in values.values() if kept]
        if not lows or len(lows) != len(values):
            return None
        start = -(-max(lows) // batch_size) * batch_size
        failed = [n for kept in values.values() for n, out in kept.items() if isinstance(out, Failed)]
        return None if failed and min(failed) < start else start


def telling(ds: Any, records: KeptCalls, width: int) -> Any:
    """``ds`` (batches of ``(*components, record number)``) with each batch's numbers told to ``records``,
    and the numbers left out."""

    def told(*batch: Any) -> tuple[Any, ...]:
        done = tf1.py_func(records.taken, [batch[width]], tf.bool, stateful=True, name="kept_calls_taken")
        with tf.control_dependencies([done]):
            return tuple(tf.identity(c) for c in batch[:width])

    return ds.map(plain(told))
