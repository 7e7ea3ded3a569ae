"""Feed functions over numpy rows, columns and generators, and a queue they fill (our own names)."""
import collections
import inspect

import numpy as np
import tensorflow.compat.v1 as tf

from feedq import runner


class RowFeed(object):
    """Chunks of an array's rows, with their row numbers; the last epoch's last chunk cut at its end."""

    def __init__(self, slots, rows, chunk, epochs=None):
        self._slots, self._rows, self._chunk, self._epochs = slots, rows, chunk, epochs
        self._at, self._epoch = 0, 0

    def __call__(self):
        if self._epochs is not None and self._epoch >= self._epochs:
            raise tf.errors.OutOfRangeError(None, None, "epochs done")
        n = len(self._rows)
        take = [(self._at + k) % n for k in range(self._chunk)]
        if self._epochs is not None:
            left = (self._epochs - self._epoch) * n - self._at
            take = take[:left]
        self._epoch += (self._at + len(take)) // n
        self._at = (self._at + len(take)) % n
        return {self._slots[0]: take, self._slots[1]: self._rows[take]}


class ColumnFeed(object):
    """Chunks of the rows of an OrderedDict of equally long columns, row numbers first."""

    def __init__(self, slots, columns, chunk, epochs=None):
        self._index = RowFeed(slots[:1] + [None], np.arange(len(next(iter(columns.values())))), chunk, epochs)
        self._slots, self._columns = slots, columns

    def __call__(self):
        fed = self._index()
        take = fed[self._slots[0]]
        out = {self._slots[0]: take}
        out.update({slot: column[take] for slot, column in zip(self._slots[1:], self._columns.values())})
        return out


class StreamFeed(object):
    """Chunks of the dicts a generator function yields, by sorted key; a new generator each epoch."""

    def __init__(self, slots, make, chunk, epochs=None):
        self._slots, self._make, self._chunk, self._epochs = slots, make, chunk, epochs
        self._keys = sorted(next(make()).keys())
        self._it, self._epoch = make(), 0

    def __call__(self):
        got = []
        while len(got) < self._chunk:
            if self._epochs is not None and self._epoch >= self._epochs:
                break
            try:
                got.append(next(self._it))
            except StopIteration:
                self._epoch += 1
                self._it = self._make()
        if not got:
            raise tf.errors.OutOfRangeError(None, None, "epochs done")
        return {slot: np.asarray([row[key] for row in got]) for slot, key in zip(self._slots, self._keys)}


def fill_queue(source, room, mix=False, workers=1, chunk=1, epochs=None, seed=None):
    """A queue of `source`'s rows, filled by `workers` feeding threads."""
    if isinstance(source, np.ndarray):
        kinds = [tf.int64, tf.as_dtype(source.dtype)]
        dims = [(), source.shape[1:]]
        feed_class = RowFeed
    elif isinstance(source, collections.OrderedDict):
        kinds = [tf.int64] + [tf.as_dtype(col.dtype) for col in source.values()]
        dims = [()] + [col.shape[1:] for col in source.values()]
        feed_class = ColumnFeed
    elif inspect.isgeneratorfunction(source):
        first = next(source())
        kinds = [tf.as_dtype(np.asarray(first[key]).dtype) for key in sorted(first)]
        dims = [np.asarray(first[key]).shape for key in sorted(first)]
        feed_class = StreamFeed
    else:
        raise TypeError("no feed for %r" % type(source).__name__)
    if mix:
        q = tf.RandomShuffleQueue(room, room // 4, dtypes=kinds, shapes=dims, seed=seed)
    else:
        q = tf.FIFOQueue(room, dtypes=kinds, shapes=dims)
    ops = []
    feeds = []
    for w in range(workers):
        slots = [tf.placeholder(kind) for kind in kinds]
        ops.append(q.enqueue_many(slots))
        feeds.append(feed_class(slots, source, chunk, epochs=epochs))
    tf.train.add_queue_runner(runner.FeedRunner(q, enqueue_ops=ops, feed_fns=feeds))
    return q
