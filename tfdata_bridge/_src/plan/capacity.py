"""How a queue's ``capacity`` is split between what crosses from Python and tf.data's shuffle buffer.

A legacy ``RandomShuffleQueue`` (and ``shuffle_batch``'s queue) fills towards ``capacity`` whenever the
producers are ahead of the consumer (the usual case in training) and draws from everything it holds, so
tf.data's shuffle buffer is (nearly) all of ``capacity``: ``shuffle(min_after_dequeue + batch)`` would mix
about 40x less in that regime. ``min_after_dequeue`` is therefore only validated. tf.data's ``shuffle``
fills its buffer before the first element leaves: the start-up cost is ``capacity`` elements, where
legacy's was ``min_after_dequeue + batch``.

Where a Python producer feeds the pipeline, its channel holds a part of ``capacity`` (the elements made but
not yet in tf.data) and the shuffle buffer the rest, so the two together hold what the legacy queue held.
Where the elements come from graph ops or files (a migrated pipeline, the drop-in's lifted readers), there
is no channel and the buffer is the whole ``capacity``: ``shuffle(capacity)``.
"""

from __future__ import annotations

CHUNK_LIMIT = 128  # the most elements one Python call hands to tf.data in chunks
# A feeding thread's elements (the feed fast path, compat/fast_feed.py) move into TensorFlow's queue a
# chunk per ``enqueue_many`` step, and the thread's buffer holds at most one chunk: an element the program
# fed is in the queue within one chunk's time, and a close loses nothing the thread was told was enqueued.
FEED_CHUNK = 64
_CHUNK_SHARE = 8  # chunks: the channel holds at most an eighth of capacity
_BATCH_SHARE = 2  # whole batches: the channel holds one batch, at most half of capacity


def shuffle_split(capacity: int, transfer: int = 0, *, whole_batches: bool = False) -> tuple[int, int]:
    """``(shuffle buffer, channel capacity)`` for a shuffling queue of ``capacity`` fed through a channel
    that hands tf.data up to ``transfer`` elements per Python call (0: no channel, graph ops or files).

    - Chunks (``compile`` of a spec, ``transfer`` = ``CHUNK_LIMIT``): the channel holds one chunk, at most
      an eighth of ``capacity``, so elements mix across at least 7/8 of it (measured against legacy in
      ``tests/spec/test_shuffle_mixing.py``); a channel of 32 ran a 1,000-capacity pipeline 2x slower than 128.
    - Whole batches (the drop-in's Python producers, ``transfer`` = the batch size): the channel holds one
      batch, at most half of ``capacity``: a batch is what crosses, and legacy's queue held it too.
    """
    if transfer <= 0:
        return max(1, capacity), 0
    share = _BATCH_SHARE if whole_batches else _CHUNK_SHARE
    channel = max(1, min(transfer, capacity // share))
    return max(1, capacity - channel), channel


def read_chunk(batch_size: int, room: int | None = None) -> int:
    """Elements per read where a kernel shared by several readers (a reader's records, a queue's dequeue)
    hands them to tf.data: a batch's worth, at most ``CHUNK_LIMIT``, and at most the ``room`` a read may
    take from the queue at once."""
    return max(1, min(batch_size, CHUNK_LIMIT, room or CHUNK_LIMIT))


def runner_feed_chunk(capacity: int) -> int:
    """Elements per ``enqueue_many`` where the drop-in feeds a hand-built ``QueueRunner``'s queue from
    tf.data (``compat/runner_feed.py``): one session step per chunk, not per element, at most a quarter of
    the queue's ``capacity`` (a chunk waits for room as a whole), at most ``CHUNK_LIMIT``."""
    return max(1, min(CHUNK_LIMIT, capacity // 4 if capacity > 0 else CHUNK_LIMIT))
