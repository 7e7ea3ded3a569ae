"""The plan of a queue pipeline: how a legacy queue's parameters become a tf.data chain, each decision made
once, with its reason, and read by every path that builds or prints a chain.

- ``model.py``: the typed plan (``Plan`` and its parts; ``Plan.steps`` is the chain);
- ``capacity.py``: how a queue's capacity is split between a channel and the shuffle buffer, and the
  chunk of every crossing from Python into TensorFlow (specs, shared reads, the feed fast path, runner feeds);
- ``builders.py``: one builder per legacy API family (a producer spec; a ``train.batch``-family call);
- ``printer.py``: the source printer (``explain``, the drop-in's warnings, ``migrate``, ``symbols``);
- ``tfdata.py``: the tf.data builder (``compile``, the drop-in); the only module here that needs TensorFlow,
  and not imported by this package's ``__init__``.
"""

from tfdata_bridge._src.plan.builders import BatchCall, from_batch_call, from_spec
from tfdata_bridge._src.plan.capacity import (CHUNK_LIMIT, FEED_CHUNK, read_chunk, runner_feed_chunk,
                                               shuffle_split)
from tfdata_bridge._src.plan.model import DROP_KEEP, KEEP, Batch, Code, Crossing, Fn, Plan, Shuffle, Source, Step

__all__ = ["CHUNK_LIMIT", "DROP_KEEP", "FEED_CHUNK", "KEEP", "Batch", "BatchCall", "Code", "Crossing", "Fn", "Plan", "Shuffle",
           "Source", "Step", "from_batch_call", "from_spec", "read_chunk", "runner_feed_chunk", "shuffle_split"]
