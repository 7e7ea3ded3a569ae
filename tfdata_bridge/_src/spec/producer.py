"""The producer node of a spec: Python code that makes elements, run by N parallel threads."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from tfdata_bridge._src.spec.signature import is_int

ProducerKind = Literal["call", "generator", "index"]


@dataclass(frozen=True)
class Producer:
    """Python code that makes elements for a queue.

    - ``kind="call"``: ``fn()`` returns one element per call (or a batch with ``enqueue_many``). It is
      called until it raises ``StopIteration`` or ``tf.errors.OutOfRangeError`` (TensorFlow's end-of-data
      error), or ``calls`` times per thread when ``calls`` is given.
    - ``kind="generator"``: ``fn()`` returns an iterable; each thread runs it to exhaustion, ``epochs``
      times over (``None``: forever).
    - ``kind="index"`` (``Producer.indexed(fn, count)``): ``fn(i)`` returns element ``i`` (or a batch
      with ``enqueue_many``), called once for each ``i`` in ``range(count)`` (``calls`` holds ``count``),
      whatever runs it: its threads, or its process workers, share the indices (taken in small runs as
      each is free), so the data is made exactly once and a late or slow copy takes fewer. One thread or
      one worker makes them in index order.

    ``threads`` runs that many copies in parallel, like a ``QueueRunner`` with that many enqueue ops:
    each copy calls ``fn`` itself, so a generator producer with ``threads=4`` makes its data four times.
    Share an iterator (or a thread-safe source) between copies to split one data set among them.
    """

    fn: Callable[..., Any]  # (an index producer's takes the index)
    kind: ProducerKind = "call"
    threads: int = 1
    enqueue_many: bool = False
    epochs: int | None = 1
    calls: int | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        if not callable(self.fn):
            raise TypeError(f"producer fn {self.fn!r} is not callable; pass a function taking no arguments")
        if self.kind not in ("call", "generator", "index"):
            raise ValueError(f"producer kind {self.kind!r} is not 'call', 'generator' or 'index'")
        _check_count("threads", self.threads, allow_none=False)
        if self.kind == "index":
            if not is_int(self.calls) or self.calls < 0:
                raise (ValueError if is_int(self.calls) else TypeError)(
                    f"count ({self.calls!r}) of index producer {self.label!r} must be an int >= 0; pass how "
                    "many elements it makes: fn(i) is called for each i in range(count)")
            if self.epochs != 1:
                raise ValueError(f"epochs ({self.epochs!r}) applies to a generator producer; an index producer "
                                 "makes range(count) once (repeat the compiled dataset for more epochs)")
        elif self.kind == "generator":
            _check_count("epochs", self.epochs, allow_none=True)
            if self.calls is not None:
                raise ValueError("calls applies to a 'call' producer; a generator producer ends when it is exhausted")
        else:
            _check_count("calls", self.calls, allow_none=True)
            if self.epochs != 1:
                raise ValueError(
                    f"epochs ({self.epochs!r}) applies to a generator producer; a 'call' producer runs until "
                    "it raises StopIteration / OutOfRangeError or has made `calls` calls"
                )

    @classmethod
    def call(cls, fn: Callable[[], Any], *, threads: int = 1, enqueue_many: bool = False,
             calls: int | None = None, name: str | None = None) -> Producer:
        return cls(fn, "call", threads, enqueue_many, 1, calls, name)

    @classmethod
    def generator(cls, fn: Callable[[], Any], *, threads: int = 1, enqueue_many: bool = False,
                  epochs: int | None = 1, name: str | None = None) -> Producer:
        return cls(fn, "generator", threads, enqueue_many, epochs, None, name)

    @classmethod
    def indexed(cls, fn: Callable[[int], Any], count: int, *, threads: int = 1, enqueue_many: bool = False,
                name: str | None = None) -> Producer:
        """``fn(i)`` for each ``i`` in ``range(count)``, once: the form that threads and process workers
        split exactly, handing out indices as each copy is free (see the class)."""
        return cls(fn, "index", threads, enqueue_many, 1, count, name)

    @classmethod
    def of(cls, fn: Callable[[], Any], **kwargs: Any) -> Producer:
        """A generator producer for a generator function, a call producer for anything else."""
        if inspect.isgeneratorfunction(fn):
            return cls.generator(fn, **kwargs)
        return cls.call(fn, **kwargs)

    @property
    def label(self) -> str:
        return self.name or getattr(self.fn, "__qualname__", None) or repr(self.fn)

    @property
    def finite(self) -> bool:
        if self.kind == "generator":
            return self.epochs is not None
        return self.calls is not None  # (always, for an index producer)


def _check_count(what: str, value: Any, *, allow_none: bool) -> None:
    if value is None and allow_none:
        return
    if not is_int(value) or value < 1:
        extra = " or None" if allow_none else ""
        raise (ValueError if is_int(value) else TypeError)(f"{what} ({value!r}) must be an int >= 1{extra}; "
                                                           f"{_COUNT_FIXES[what]}")


_COUNT_FIXES = {
    "threads": "pass how many copies of the producer run side by side",
    "epochs": "pass how many times each thread runs the generator, or None to run it without end",
    "calls": "pass how many times each thread calls the producer, or None to call it until it raises "
             "StopIteration",
}
