"""Two input functions over one feeding queue helper, imported two ways."""
import collections

from feedq import feeders
from feedq.feeders import fill_queue as fq


def dict_input_fn(x, y=None, batch_size=4, epochs=1, shuffle=False, workers=1):
    def input_fn():
        columns = collections.OrderedDict(sorted(x.items()))
        if y is not None:
            columns['__y__'] = y
        q = fq(columns, 64, mix=shuffle, workers=workers, chunk=batch_size, epochs=epochs)
        got = q.dequeue_many(batch_size) if epochs is None else q.dequeue_up_to(batch_size)
        got.pop(0)
        features = dict(zip(columns.keys(), got))
        if y is not None:
            return features, features.pop('__y__')
        return features
    return input_fn


def stream_input_fn(make, target, batch_size=4, epochs=1):
    keys = sorted(next(make()).keys())

    def input_fn():
        queue = feeders.fill_queue(make, 32, chunk=2, epochs=epochs)
        got = queue.dequeue_up_to(batch_size)
        if not isinstance(got, list):
            got = [got]
        features = dict(zip(keys, got))
        return features, features.pop(target)
    return input_fn
