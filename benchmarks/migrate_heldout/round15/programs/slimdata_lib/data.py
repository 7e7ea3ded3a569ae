"""A small slim-style data library: a `Dataset` description (sources, reader *class*, decoder), a
`TFExampleDecoder` with item handlers, and a `DatasetDataProvider` whose `get(items)` returns decoded tensors."""

import tensorflow.compat.v1 as tf


class ItemHandler(object):
    def __init__(self, keys):
        self.keys = keys if isinstance(keys, (list, tuple)) else [keys]

    def tensors_to_item(self, keys_to_tensors):
        raise NotImplementedError


class Tensor(ItemHandler):
    def __init__(self, tensor_key, dtype=None):
        super(Tensor, self).__init__(tensor_key)
        self._key = tensor_key
        self._dtype = dtype

    def tensors_to_item(self, keys_to_tensors):
        tensor = keys_to_tensors[self._key]
        return tf.cast(tensor, self._dtype) if self._dtype is not None else tensor


class Sum(ItemHandler):
    def __init__(self, tensor_key, scale=1.0):
        super(Sum, self).__init__(tensor_key)
        self._key = tensor_key
        self._scale = scale

    def tensors_to_item(self, keys_to_tensors):
        return tf.reduce_sum(keys_to_tensors[self._key]) * self._scale


class TFExampleDecoder(object):
    def __init__(self, keys_to_features, items_to_handlers):
        self._keys_to_features = keys_to_features
        self._items_to_handlers = items_to_handlers

    def list_items(self):
        return list(self._items_to_handlers.keys())

    def decode(self, serialized_example, items=None):
        example = tf.parse_single_example(serialized_example, self._keys_to_features)
        items = items or self.list_items()
        return [self._items_to_handlers[item].tensors_to_item(example) for item in items]


class Dataset(object):
    def __init__(self, data_sources, reader, decoder, num_samples, items_to_descriptions=None):
        self.data_sources = data_sources
        self.reader = reader
        self.decoder = decoder
        self.num_samples = num_samples
        self.items_to_descriptions = items_to_descriptions or {}


class DatasetDataProvider(object):
    def __init__(self, dataset, shuffle=False, num_epochs=None, seed=None, scope=None):
        with tf.name_scope(scope, "dataset_data_provider"):
            filename_queue = tf.train.string_input_producer(dataset.data_sources, num_epochs=num_epochs,
                                                            shuffle=shuffle, seed=seed)
            reader = dataset.reader()
            _, data = reader.read(filename_queue)
            items = dataset.decoder.list_items()
            tensors = dataset.decoder.decode(data, items)
        self._items_to_tensors = dict(zip(items, tensors))
        self.num_samples = dataset.num_samples

    def list_items(self):
        return list(self._items_to_tensors.keys())

    def get(self, items):
        return [self._items_to_tensors[item] for item in items]
