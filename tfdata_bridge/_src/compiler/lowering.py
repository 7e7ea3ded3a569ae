"""How a spec maps onto tf.data: the decisions shared by ``compile`` and ``explain``.

Parameter by parameter:

- ``capacity``: bounds the elements the bridge buffers between producers and tf.data (the channel). For
  a random_shuffle queue, the shuffle buffer is counted inside ``capacity``: the channel holds one
  transfer (``plan.shuffle_split``: at most an eighth of ``capacity``), the shuffle buffer the rest. Where
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

from tfdata_bridge._src import plan
from tfdata_bridge._src.plan import Plan
from tfdata_bridge._src.spec.pipeline import PipelineSpec



def lower(spec: PipelineSpec) -> Plan:
    """The plan of ``spec`` (``plan.from_spec``: every decision, with its reason)."""
    return plan.from_spec(spec)
