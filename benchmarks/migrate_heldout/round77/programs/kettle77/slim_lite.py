"""A small stand-in for the pieces of TF-Slim's data package that the program uses (`slim.dataset.Dataset`,
`slim.tfexample_decoder.TFExampleDecoder` with `Tensor` / `Image`-like handlers, and
`slim.dataset_data_provider.DatasetDataProvider`), written with the same public organisation and queue forms:
a producer over the data sources, a reader, a decoder, `get(items)`."""
import tensorflow.compat.v1 as tf


class Dataset(object):
    """Represents a Dataset specification."""

    def __init__(self, data_sources, reader, decoder, num_samples, items_to_descriptions, **kwargs):
        kwargs['data_sources'] = data_sources
        kwargs['reader'] = reader
        kwargs['decoder'] = decoder
        kwargs['num_samples'] = num_samples
        kwargs['items_to_descriptions'] = items_to_descriptions
        self.__dict__.update(kwargs)


class Tensor(object):
    def __init__(self, tensor_key, shape=None):
        self._key = tensor_key
        self._shape = shape

    def tensors_to_item(self, keys_to_tensors):
        t = keys_to_tensors[self._key]
        if self._shape is not None:
            t = tf.reshape(t, self._shape)
        return t


class RawImage(object):
    def __init__(self, image_key, shape):
        self._key = image_key
        self._shape = shape

    def tensors_to_item(self, keys_to_tensors):
        return tf.reshape(tf.decode_raw(keys_to_tensors[self._key], tf.uint8), self._shape)


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


class DatasetDataProvider(object):
    """Creates a DatasetDataProvider: reads records of the dataset's sources and decodes them."""

    def __init__(self, dataset, num_readers=1, shuffle=True, num_epochs=None, common_queue_capacity=256,
                 common_queue_min=128, seed=None):
        filename_queue = tf.train.string_input_producer(dataset.data_sources, num_epochs=num_epochs,
                                                        shuffle=shuffle, seed=seed)
        reader = dataset.reader()
        _, data = reader.read(filename_queue)
        items = dataset.decoder.list_items()
        tensors = dataset.decoder.decode(data, items)
        self._items_to_tensors = dict(zip(items, tensors))
        self.num_samples = dataset.num_samples

    def get(self, items):
        return [self._items_to_tensors[item] for item in items]
