"""The queue node of a producer spec: kind, capacity, shuffle parameters and the element signature."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from tfdata_bridge._src.spec.signature import Signature, is_int

QueueKind = Literal["fifo", "random_shuffle", "padding_fifo", "priority"]
QUEUE_KINDS: tuple[str, ...] = ("fifo", "random_shuffle", "padding_fifo", "priority")


@dataclass(frozen=True)
class QueueSpec:
    """A queue-style buffer between producers and the consumer.

    - ``fifo``: elements leave in the order they arrived.
    - ``random_shuffle``: elements leave in random order; while open, at least ``min_after_dequeue``
      stay behind after each dequeue (a mixing guarantee), as ``tf.RandomShuffleQueue`` does.
    - ``padding_fifo``: a fifo whose shapes may have unknown dimensions; batches are zero-padded.
    - ``priority``: each element carries an int64 priority first; the smallest leaves first.
    """

    kind: QueueKind
    capacity: int
    signature: Signature
    min_after_dequeue: int = 0
    seed: int | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in QUEUE_KINDS:
            raise ValueError(f"queue kind {self.kind!r} is not one of {list(QUEUE_KINDS)}")
        if not is_int(self.capacity) or self.capacity < 1:
            raise (ValueError if is_int(self.capacity) else TypeError)(
                f"capacity ({self.capacity!r}) must be a positive int; it bounds the elements the queue holds"
            )
        if self.kind == "random_shuffle":
            mad = self.min_after_dequeue
            if not is_int(mad) or mad < 0:
                raise (ValueError if is_int(mad) else TypeError)(
                    f"min_after_dequeue ({mad!r}) must be an int >= 0; pass how many elements stay in the queue "
                    "after each dequeue, for mixing (0: none)"
                )
            if self.capacity <= self.min_after_dequeue:
                # tf.train.shuffle_batch raises ValueError("capacity %d must be bigger than min_after_dequeue %d.")
                raise ValueError(
                    f"capacity {self.capacity} must be bigger than min_after_dequeue {self.min_after_dequeue}."
                    " Raise capacity or lower min_after_dequeue."
                )
        elif self.min_after_dequeue:
            raise ValueError(
                f"min_after_dequeue ({self.min_after_dequeue}) only applies to a random_shuffle queue, "
                f"not {self.kind!r}; drop it or use QueueSpec.random_shuffle"
            )
        if self.kind == "padding_fifo" and not self.signature.ranks_known:
            # tf.PaddingFIFOQueue raises ValueError when shapes are missing or of unknown rank.
            raise ValueError(
                "a padding_fifo queue needs the rank of every component: give shapes, with None for "
                f"dimensions that vary (got {self.signature.describe()})"
            )

    # Constructors that read like the tf.queue ones.
    @classmethod
    def fifo(cls, capacity: int, dtypes: Any, shapes: Any = None, names: Any = None, *, name: str | None = None) -> QueueSpec:
        return cls("fifo", capacity, Signature.of(dtypes, shapes, names), name=name)

    @classmethod
    def random_shuffle(
        cls, capacity: int, min_after_dequeue: int, dtypes: Any, shapes: Any = None, names: Any = None,
        seed: int | None = None, *, name: str | None = None,
    ) -> QueueSpec:
        return cls("random_shuffle", capacity, Signature.of(dtypes, shapes, names), min_after_dequeue, seed, name)

    @classmethod
    def padding_fifo(cls, capacity: int, dtypes: Any, shapes: Any, names: Any = None, *, name: str | None = None) -> QueueSpec:
        return cls("padding_fifo", capacity, Signature.of(dtypes, shapes, names), name=name)

    @classmethod
    def priority(cls, capacity: int, types: Any, shapes: Any = None, names: Any = None, *, name: str | None = None) -> QueueSpec:
        """``types``/``shapes`` describe the components after the priority, as in ``tf.queue.PriorityQueue``."""
        if shapes is None:
            # tf.PriorityQueue requires shapes for its components.
            raise ValueError("a priority queue needs shapes for its components (tf.queue.PriorityQueue requires them)")
        return cls("priority", capacity, Signature.of(types, shapes, names), name=name)

    @property
    def element_signature(self) -> Signature:
        """The signature of what is enqueued and dequeued (with the priority first for a priority queue)."""
        return self.signature.with_priority() if self.kind == "priority" else self.signature
