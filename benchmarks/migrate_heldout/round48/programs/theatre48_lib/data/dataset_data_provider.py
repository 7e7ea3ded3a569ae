"""A DataProvider that provides data from a Dataset.

  provider = DatasetDataProvider(dataset)
  [show, price] = provider.get(['show', 'price'])
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

from theatre48_lib.data import parallel_reader


class DatasetDataProvider(object):

  def __init__(self, dataset, num_readers=1, shuffle=True, num_epochs=None,
               common_queue_capacity=256, common_queue_min=128, seed=None, scope=None):
    key, data = parallel_reader.parallel_read(
        dataset.data_sources,
        reader_class=dataset.reader,
        num_epochs=num_epochs,
        num_readers=num_readers,
        shuffle=shuffle,
        capacity=common_queue_capacity,
        min_after_dequeue=common_queue_min,
        seed=seed,
        scope=scope)

    items = dataset.decoder.list_items()
    tensors = dataset.decoder.decode(data, items)
    self._items_to_tensors = dict(zip(items, tensors))
    self._items_to_tensors['record_key'] = key
    self._num_samples = dataset.num_samples

  def get(self, items):
    return [self._items_to_tensors[item] for item in items]

  def num_samples(self):
    return self._num_samples
