"""A whole queue-style pipeline: producers -> queue -> consumer. The single source of truth that the
compiler lowers to a ``tf.data.Dataset`` and ``explain`` lowers to tf.data source text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tfdata_bridge._src.spec.consumer import Consumer
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.queue import QueueSpec
from tfdata_bridge._src.spec.signature import is_int
from tfdata_bridge._src.spec.workers import check_workers

DEFAULT_PREFETCH = 2


@dataclass(frozen=True)
class PipelineSpec:
    """Producers feeding one queue, and how the consumer takes from it.

    ``prefetch`` is the number of consumer items (batches, or elements for ``dequeue``) that tf.data
    holds ready beyond the queue's ``capacity``.

    ``workers``: None runs the producers on threads of this process; N runs each producer in N worker
    processes instead (one copy each: ``threads`` stays 1), which hand their elements over in chunks
    through shared memory. An index producer's indices are handed out to the workers as each is free
    (``Producer.indexed``: each index once, a late worker takes fewer); a call producer's ``calls`` are
    split between the workers (exactly ``calls`` in all); a generator producer runs in every worker and takes its share of the data by asking
    ``tfdata_bridge.worker_info()`` for its ``id`` and ``num_workers``.
    """

    queue: QueueSpec
    producers: tuple[Producer, ...]
    consumer: Consumer = field(default_factory=Consumer)
    prefetch: int = DEFAULT_PREFETCH
    workers: int | None = None

    def __post_init__(self) -> None:
        producers = self.producers
        if callable(producers) or isinstance(producers, Producer):
            producers = (producers,)
        producers = tuple(p if isinstance(p, Producer) else Producer.of(p) for p in producers)
        object.__setattr__(self, "producers", producers)
        if not producers:
            raise ValueError("a pipeline needs at least one producer")
        if not is_int(self.prefetch) or self.prefetch < 0:
            raise (ValueError if is_int(self.prefetch) else TypeError)(
                f"prefetch ({self.prefetch!r}) must be an int >= 0; pass how many batches (or elements) tf.data "
                "holds ready beyond capacity (0: none)"
            )
        check_workers(self.workers, producers)
        sig = self.queue.signature
        kind = self.queue.kind
        if self.consumer.batched and not sig.fully_defined and kind != "padding_fifo":
            # tf.queue raises InvalidArgumentError at run time:
            # "FIFOQueue's DequeueMany and DequeueUpTo require the components to have specified shapes."
            raise ValueError(
                f"{self.consumer.mode} needs fully defined shapes, got {sig.describe()}: "
                "give the queue shapes, or use a padding_fifo queue (dynamic_pad) for shapes that vary"
            )
        if self.consumer.dynamic_pad and kind in ("random_shuffle", "priority"):
            raise ValueError(
                f"dynamic_pad pads batches from a padding_fifo or fifo queue, not a {kind} queue; "
                "pad in the producer or use a padding_fifo queue"
            )

    @property
    def padded(self) -> bool:
        """Batches are padded to the longest element (a padding_fifo queue or dynamic_pad)."""
        return self.consumer.batched and (self.consumer.dynamic_pad or self.queue.kind == "padding_fifo")

    @property
    def deterministic(self) -> bool:
        """The order of elements is fixed: one producer with one thread (or one worker), through a fifo queue."""
        return (
            self.queue.kind in ("fifo", "padding_fifo")
            and len(self.producers) == 1
            and self.producers[0].threads == 1
            and (self.workers or 1) == 1
        )

    @property
    def total_threads(self) -> int:
        return sum(p.threads for p in self.producers)


def pipeline(
    producers: Callable[[], Any] | Producer | Sequence[Callable[[], Any] | Producer],
    *,
    dtypes: Any,
    shapes: Any = None,
    names: Any = None,
    capacity: int = 32,
    batch_size: int | None = None,
    allow_smaller_final_batch: bool = False,
    shuffle: bool = False,
    min_after_dequeue: int = 0,
    seed: int | None = None,
    dynamic_pad: bool = False,
    threads: int | None = None,
    enqueue_many: bool | None = None,
    prefetch: int = DEFAULT_PREFETCH,
    workers: int | None = None,
) -> PipelineSpec:
    """Build a spec the way ``tf.train.batch`` / ``shuffle_batch`` are called.

    ``threads`` and ``enqueue_many``, when given, apply to every producer passed as a plain function.
    ``workers=N`` runs each producer in N worker processes (see ``PipelineSpec``).
    """
    if shuffle and dynamic_pad:
        raise ValueError("shuffle and dynamic_pad cannot be combined (tf.train.shuffle_batch has no dynamic_pad)")
    if shuffle:
        queue = QueueSpec.random_shuffle(capacity, min_after_dequeue, dtypes, shapes, names, seed)
    elif dynamic_pad:
        queue = QueueSpec.padding_fifo(capacity, dtypes, shapes, names)
    else:
        if min_after_dequeue:
            raise ValueError("min_after_dequeue applies with shuffle=True")
        queue = QueueSpec.fifo(capacity, dtypes, shapes, names)
    if callable(producers) or isinstance(producers, Producer):
        producers = [producers]
    options: dict[str, Any] = {}
    if threads is not None:
        options["threads"] = threads
    if enqueue_many is not None:
        options["enqueue_many"] = enqueue_many
    built = tuple(p if isinstance(p, Producer) else Producer.of(p, **options) for p in producers)
    consumer = (
        Consumer.batch(batch_size, allow_smaller_final_batch=allow_smaller_final_batch, dynamic_pad=dynamic_pad)
        if batch_size is not None
        else Consumer.dequeue()
    )
    return PipelineSpec(queue, built, consumer, prefetch, workers)
