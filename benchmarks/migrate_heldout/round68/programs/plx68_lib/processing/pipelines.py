# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function

import json

import tensorflow.compat.v1 as tf

from plx68_lib.processing.data_providers import TFRecordImageProvider


class Pipeline(object):
    """Abstract InputPipeline class. All input pipelines must inherit from this.
    An InputPipeline defines how data is read, parsed, and separated into
    features and labels.

    Args:
        mode: `str`, Specifies if this training, evaluation or prediction.
        name: `str`, name to give for this pipeline.
        feature_processors: `dict`, list of modules to call for each feature to be processed.
        shuffle: If true, shuffle the data.
        num_epochs: Number of times to iterate through the dataset. If None,
            iterate forever.
    """

    def __init__(self, mode, name='Pipeline', feature_processors=None, shuffle=True,
                 num_epochs=None, batch_size=32, num_threads=1, capacity=None,
                 min_after_dequeue=None, allow_smaller_final_batch=False, seed=None):
        self.mode = mode
        self.name = name
        self.feature_processors = feature_processors or {}
        self.shuffle = shuffle
        self.num_epochs = num_epochs
        self.batch_size = batch_size
        self.num_threads = num_threads
        self.capacity = capacity or 3 * batch_size
        self.min_after_dequeue = min_after_dequeue or batch_size
        self.allow_smaller_final_batch = allow_smaller_final_batch
        self.seed = seed

    def make_data_provider(self, **kwargs):
        """Creates DataProvider instance for this input pipeline. Additional
        keyword arguments are passed to the DataProvider.
        """
        raise NotImplementedError('Not implemented.')

    @property
    def feature_keys(self):
        """Defines the features that this input pipeline provides."""
        return set()

    @property
    def label_keys(self):
        """Defines the labels that this input pipeline provides."""
        return set()

    @staticmethod
    def read_from_data_provider(data_provider):
        """Utility function to read all available items from a DataProvider."""
        item_values = data_provider.get(list(data_provider.list_items()))
        items_dict = dict(zip(data_provider.list_items(), item_values))
        return items_dict

    def _batch(self, tensors):
        if self.shuffle:
            return tf.train.shuffle_batch(
                tensors, batch_size=self.batch_size, capacity=self.capacity,
                min_after_dequeue=self.min_after_dequeue, num_threads=self.num_threads,
                allow_smaller_final_batch=self.allow_smaller_final_batch, seed=self.seed)
        return tf.train.batch(
            tensors, batch_size=self.batch_size, capacity=self.capacity,
            num_threads=self.num_threads,
            allow_smaller_final_batch=self.allow_smaller_final_batch)

    def __call__(self, *args, **kwargs):
        with tf.name_scope(self.name):
            data_provider = self.make_data_provider()
            features_and_labels = self.read_from_data_provider(data_provider)
            for name, processor in self.feature_processors.items():
                features_and_labels[name] = processor(features_and_labels[name])
            batch = self._batch(features_and_labels)
            features = {k: v for k, v in batch.items() if k in self.feature_keys}
            labels = {k: v for k, v in batch.items() if k in self.label_keys}
            return features, labels


class TFRecordImagePipeline(Pipeline):
    """A Pipeline to convert TF-Records to images.

    Args:
        data_files: The list of tfrecord files.
        meta_data_file: A json file with the image shape, the number of samples
            and `items_to_descriptions`.
    """

    def __init__(self, mode, name='TFRecordImagePipeline', feature_processors=None,
                 shuffle=True, num_epochs=None, data_files=None, meta_data_file=None,
                 **kwargs):
        super(TFRecordImagePipeline, self).__init__(
            mode=mode, name=name, feature_processors=feature_processors, shuffle=shuffle,
            num_epochs=num_epochs, **kwargs)
        self.data_files = data_files
        with open(meta_data_file) as f:
            self.meta_data = json.load(f)

    def make_data_provider(self, **kwargs):
        return TFRecordImageProvider(self.data_files, self.meta_data, shuffle=self.shuffle,
                                     num_epochs=self.num_epochs, seed=self.seed)

    @property
    def feature_keys(self):
        return set(['image', 'id'])

    @property
    def label_keys(self):
        return set(['label'])
