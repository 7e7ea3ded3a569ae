"""A holder base (its ``get`` checks the items asked for, then selects them) and a provider subclass reading the
records into a common queue in its ``__init__``; the record key is kept as an item no caller asks for."""
import tensorflow.compat.v1 as tf


class ItemHolder(object):
    """Hands over tensors kept by name."""

    def __init__(self, tensors_by_item, count):
        self._tensors_by_item = tensors_by_item
        self._count = count

    def get(self, items):
        self._check(items)
        return [self._tensors_by_item[item] for item in items]

    def known(self):
        return list(self._tensors_by_item.keys())

    def count(self):
        return self._count

    def _check(self, items):
        if not isinstance(items, (list, tuple)):
            raise ValueError("items must be a list or tuple")
        for item in items:
            if item not in self.known():
                raise ValueError("unknown item %s" % item)


class RecordProvider(ItemHolder):
    """Reads ``files`` through ``readers`` readers into a common queue and keeps the decoded items."""

    def __init__(self, files, readers=1, shuffle=False, epochs=None, capacity=16, key_item="key"):
        file_queue = tf.train.string_input_producer(files, shuffle=shuffle, num_epochs=epochs)
        if shuffle:
            common = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=2, dtypes=[tf.string, tf.string])
        else:
            common = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string, tf.string])
        ops = []
        for _ in range(readers):
            ops.append(common.enqueue(tf.TFRecordReader().read(file_queue)))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common, ops))
        key, record = common.dequeue()
        parsed = tf.parse_single_example(record, {
            "level": tf.FixedLenFeature([], tf.float32),
            "idx": tf.FixedLenFeature([], tf.int64),
            "tag": tf.FixedLenFeature([], tf.string),
        })
        tensors = dict(parsed)
        tensors[key_item] = key
        super(RecordProvider, self).__init__(tensors_by_item=tensors, count=len(files) * 6)
