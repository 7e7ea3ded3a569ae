"""The consumer node of a spec: how elements leave the queue (one at a time or in batches)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tfdata_bridge._src.spec.signature import is_int

ConsumerMode = Literal["dequeue", "dequeue_many", "dequeue_up_to"]


@dataclass(frozen=True)
class Consumer:
    """How the consumer takes elements.

    - ``dequeue``: one element at a time.
    - ``dequeue_many(n)``: batches of exactly ``n``; at the end a tail smaller than ``n`` is dropped
      (legacy ``dequeue_many`` raises OutOfRangeError there, and ``allow_smaller_final_batch=False``).
    - ``dequeue_up_to(n)``: batches of ``n``, the last one possibly smaller
      (``allow_smaller_final_batch=True``).

    ``dynamic_pad`` zero-pads each batch to its longest element per dimension, as ``tf.train.batch``
    with ``dynamic_pad=True`` (a ``PaddingFIFOQueue``) does.
    """

    mode: ConsumerMode = "dequeue"
    batch_size: int | None = None
    dynamic_pad: bool = False

    def __post_init__(self) -> None:
        if self.mode not in ("dequeue", "dequeue_many", "dequeue_up_to"):
            raise ValueError(f"consumer mode {self.mode!r} is not dequeue, dequeue_many or dequeue_up_to")
        if self.mode == "dequeue":
            if self.batch_size is not None:
                raise ValueError("batch_size applies to dequeue_many / dequeue_up_to, not dequeue")
            if self.dynamic_pad:
                raise ValueError("dynamic_pad pads batches; use dequeue_many or dequeue_up_to with it")
        elif not is_int(self.batch_size) or self.batch_size < 1:
            raise (ValueError if is_int(self.batch_size) else TypeError)(
                f"batch_size ({self.batch_size!r}) must be an int >= 1; pass the number of elements in each "
                "batch (no batch_size: single elements)"
            )

    @classmethod
    def dequeue(cls) -> Consumer:
        return cls()

    @classmethod
    def dequeue_many(cls, n: int, *, dynamic_pad: bool = False) -> Consumer:
        return cls("dequeue_many", n, dynamic_pad)

    @classmethod
    def dequeue_up_to(cls, n: int, *, dynamic_pad: bool = False) -> Consumer:
        return cls("dequeue_up_to", n, dynamic_pad)

    @classmethod
    def batch(cls, batch_size: int, *, allow_smaller_final_batch: bool = False, dynamic_pad: bool = False) -> Consumer:
        """The ``tf.train.batch`` spelling: ``allow_smaller_final_batch`` picks dequeue_up_to."""
        mode: ConsumerMode = "dequeue_up_to" if allow_smaller_final_batch else "dequeue_many"
        return cls(mode, batch_size, dynamic_pad)

    @property
    def batched(self) -> bool:
        return self.mode != "dequeue"

    @property
    def allow_smaller_final_batch(self) -> bool:
        return self.mode == "dequeue_up_to"
