"""A slim-like Dataset / decoder / DatasetDataProvider written with plain TensorFlow ops (no contrib)."""
import tensorflow.compat.v1 as tf


class Dataset(object):
    """Represents a dataset: its files, reader class, decoder and size."""

    def __init__(self, data_sources, reader, decoder, num_samples=None, items_to_descriptions=None, **kwargs):
        self.data_sources = data_sources
        self.reader = reader
        self.decoder = decoder
        self.num_samples = num_samples
        self.items_to_descriptions = items_to_descriptions or {}
        self.__dict__.update(kwargs)


class ExampleDecoder(object):
    """keys_to_features for parse_single_example, items_to_handlers turning the parsed dict into items."""

    def __init__(self, keys_to_features, items_to_handlers):
        self._keys_to_features = keys_to_features
        self._items_to_handlers = items_to_handlers

    def list_items(self):
        return list(self._items_to_handlers)

    def decode(self, data, items):
        example = tf.parse_single_example(data, self._keys_to_features)
        return [self._items_to_handlers[item](example) for item in items]


class DatasetDataProvider(object):
    """Reads the dataset's sources with num_readers readers into a common queue and decodes one example."""

    def __init__(self, dataset, num_readers=1, shuffle=False, num_epochs=None, common_queue_capacity=32,
                 common_queue_min=8):
        filename_queue = tf.train.string_input_producer(dataset.data_sources, shuffle=shuffle,
                                                        num_epochs=num_epochs)
        common_queue = tf.FIFOQueue(capacity=common_queue_capacity, dtypes=[tf.string, tf.string])
        enqueue_ops = []
        for _ in range(num_readers):
            reader = dataset.reader()
            key, value = reader.read(filename_queue)
            enqueue_ops.append(common_queue.enqueue([key, value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
        _, data = common_queue.dequeue()
        items = dataset.decoder.list_items()
        self._items_to_tensors = dict(zip(items, dataset.decoder.decode(data, items)))
        self._num_samples = dataset.num_samples

    def get(self, items):
        return [self._items_to_tensors[item] for item in items]
