"""A slim-like ``Dataset`` description (its reader class and decoder kept as attributes), a ``get_split`` that
makes one (``reader`` defaulting to ``None``, then the TFRecord reader), and a provider reading through them."""
import tensorflow.compat.v1 as tf


class Dataset(object):
    def __init__(self, data_sources, reader, decoder, num_samples=None, **kwargs):
        self.data_sources = data_sources
        self.reader = reader
        self.decoder = decoder
        self.num_samples = num_samples
        self.__dict__.update(kwargs)


class Decoder(object):
    def __init__(self, keys_to_features, items_to_handlers):
        self._keys_to_features = keys_to_features
        self._items_to_handlers = items_to_handlers

    def decode(self, data, items):
        example = tf.parse_single_example(data, self._keys_to_features)
        return [self._items_to_handlers[item](example) for item in items]


def get_split(sources, reader=None):
    if reader is None:
        reader = tf.TFRecordReader
    keys_to_features = {
        "image/class/label": tf.FixedLenFeature([], tf.int64),
        "image/class/text": tf.FixedLenFeature((), tf.string, default_value="unknown"),
    }
    handlers = {"label": lambda e: e["image/class/label"], "name": lambda e: e["image/class/text"]}
    return Dataset(sources, reader=reader, decoder=Decoder(keys_to_features, handlers), num_samples=12,
                   num_classes=3)


class DatasetDataProvider(object):
    def __init__(self, dataset, num_readers=1, shuffle=True, num_epochs=None, common_queue_capacity=32,
                 common_queue_min=8):
        filename_queue = tf.train.string_input_producer(dataset.data_sources, shuffle=shuffle, num_epochs=num_epochs)
        if shuffle:
            common_queue = tf.RandomShuffleQueue(capacity=common_queue_capacity, min_after_dequeue=common_queue_min,
                                                 dtypes=[tf.string])
        else:
            common_queue = tf.FIFOQueue(capacity=common_queue_capacity, dtypes=[tf.string])
        enqueue_ops = []
        for _ in range(num_readers):
            reader = dataset.reader()
            _, value = reader.read(filename_queue)
            enqueue_ops.append(common_queue.enqueue([value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
        data = common_queue.dequeue()
        items = ["label", "name"]
        self._items_to_tensors = dict(zip(items, dataset.decoder.decode(data, items)))

    def get(self, items):
        return [self._items_to_tensors[item] for item in items]
