"""The decisions of how a legacy queue's parameters become a tf.data chain, each made once, with its
reason, and read by every path that builds or prints a chain: ``compile`` and ``explain``
(``compiler/lowering.py``), the drop-in (``compat/graph_batch.py`` and its warnings) and ``migrate``
(``migrate/generate.py``). No TensorFlow import.
"""

from tfdata_bridge._src.plan.capacity import CHUNK_LIMIT, shuffle_split

__all__ = ["CHUNK_LIMIT", "shuffle_split"]
