"""How a spec maps onto tf.data: the decisions shared by ``compile`` and ``explain``.

Parameter by parameter:

- ``capacity``: bounds the elements the bridge buffers between producers and tf.data (the channel). For
  a random_shuffle queue, the shuffle buffer is counted inside ``capacity``: the channel holds one
  transfer (``shuffle_split``: at most an eighth of ``capacity``), the shuffle buffer the rest. Where
  elements cross in chunks, tf.data also holds the chunk it is taking apart (at most what the channel
  held).
- ``min_after_dequeue``: only validated (it must be below ``capacity``). A legacy shuffle queue fills
  towards ``capacity`` whenever the producers are ahead of the consumer (the usual case in training)
  and draws from everything it holds, so the shuffle buffer is nearly all of ``capacity``:
  ``shuffle(min_after_dequeue + batch)`` would mix about 40x less in that regime. tf.data's ``shuffle``
  fills its buffer before the first element leaves (or the producers end): the start-up cost is
  ``capacity`` elements, where legacy's was ``min_after_dequeue + batch``.
- ``seed``: the ``shuffle`` seed. Order still varies between runs with more than one producer thread,
  as it did in the legacy queue.
- ``threads`` (``num_threads``): that many parallel producer copies on Python threads. With one thread
  and a fifo queue the order is the producer's order; with more, elements interleave as they are made.
- ``epochs``: each generator producer is run that many times; the end of data arrives after the last.
- ``prefetch``: tf.data prefetches this many consumer items (batches or elements) beyond ``capacity``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tfdata_bridge._src import plan
from tfdata_bridge._src.plan import CHUNK_LIMIT
from tfdata_bridge._src.spec.pipeline import PipelineSpec



@dataclass(frozen=True)
class Lowering:
    """How one spec is carried across into tf.data.

    ``transfer`` is how the generator hands elements over:
    - ``batch``: whole consumer batches, assembled (and padded) from the channel in queue order;
    - ``chunk``: up to ``chunk_size`` ready elements stacked (waiting for ``chunk_min`` of them), then
      ``unbatch`` in tf.data, and ``batch`` again where the consumer batches;
    - ``batches``: the ready elements as whole consumer batches, several per chunk (stacked to
      ``(k, batch_size, ...)``, waiting for ``chunk_min``), split by ``unbatch`` in tf.data; a short tail
      is a chunk of its own (``dequeue_up_to``) or dropped (``dequeue_many``);
    - ``element``: one element per call, for elements whose shapes vary and cannot be stacked.
    """

    transfer: str
    channel_capacity: int
    chunk_size: int
    shuffle_buffer: int | None
    rebatch: bool  # batch in tf.data after unbatch (and shuffle)
    drop_remainder: bool
    padded: bool
    chunk_min: int = 1  # a chunk waits for this many elements (fewer at the end)


def shuffle_split(spec: PipelineSpec) -> tuple[int, int]:
    """``(shuffle buffer, channel capacity)`` of a random_shuffle queue: together they hold ``capacity``
    (``plan.shuffle_split``: the channel holds one chunk, at most an eighth of ``capacity``)."""
    return plan.shuffle_split(spec.queue.capacity, CHUNK_LIMIT)


def shuffle_buffer_size(spec: PipelineSpec) -> int:
    return shuffle_split(spec)[0]


def lower(spec: PipelineSpec) -> Lowering:
    queue, consumer = spec.queue, spec.consumer
    drop = consumer.batched and not consumer.allow_smaller_final_batch
    if queue.kind == "random_shuffle":
        buffer, capacity = shuffle_split(spec)
        if queue.signature.fully_defined:
            return Lowering("chunk", capacity, min(capacity, CHUNK_LIMIT), buffer, consumer.batched, drop, False)
        return Lowering("element", capacity, 1, buffer, False, False, False)
    if consumer.batched and queue.kind == "fifo" and queue.signature.fully_defined:
        # Chunks of several whole batches cross into tf.data at once (one Python call per chunk, which
        # is what costs), and ``unbatch`` splits them into the batches in C++: the same elements in the
        # same order. No batch is assembled inside tf.data, so a producer's failure never finds one half
        # built there: the short tail made before it still arrives, as dequeue_up_to returns it.
        # Waiting for a whole batch per chunk keeps a slow producer from causing many tiny chunks.
        chunk = min(queue.capacity, max(CHUNK_LIMIT, consumer.batch_size))
        return Lowering("batches", queue.capacity, chunk, None, False, drop, False,
                        min(consumer.batch_size, chunk))
    if consumer.batched:
        return Lowering("batch", queue.capacity, consumer.batch_size, None, False, drop, spec.padded)
    if queue.element_signature.fully_defined:
        return Lowering("chunk", queue.capacity, min(queue.capacity, CHUNK_LIMIT), None, False, False, False)
    return Lowering("element", queue.capacity, 1, None, False, False, False)
