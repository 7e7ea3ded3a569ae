"""A DataProvider that provides data from a Dataset (after slim's dataset_data_provider.py).

DatasetDataProviders provide data from datasets. The provide can be configured to use multiple readers simultaneously
or read via a single reader. Additionally, the data being read can be optionally shuffled.

    provider = dataset_data_provider.DatasetDataProvider(dataset, common_queue_capacity=32, common_queue_min=8)
    images, labels = provider.get(['images', 'labels'])
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

from slim66_lib import parallel_reader


class DataProvider(object):
  """Maps a list of requested data items to tensors from a data source."""

  def __init__(self, items_to_tensors, num_samples):
    self._items_to_tensors = items_to_tensors
    self._num_samples = num_samples

  def get(self, items):
    self._validate_items(items)
    return [self._items_to_tensors[item] for item in items]

  def list_items(self):
    return self._items_to_tensors.keys()

  def num_samples(self):
    return self._num_samples

  def _validate_items(self, items):
    if not isinstance(items, (list, tuple)):
      raise ValueError('items must be a list or tuple')
    valid_items = self.list_items()
    for item in items:
      if item not in valid_items:
        raise ValueError('Item [%s] is invalid. Valid entries include: %s' %
                         (item, valid_items))


class DatasetDataProvider(DataProvider):

  def __init__(self,
               dataset,
               num_readers=1,
               reader_kwargs=None,
               shuffle=True,
               num_epochs=None,
               common_queue_capacity=256,
               common_queue_min=128,
               record_key='record_key',
               seed=None,
               scope=None):
    key, data = parallel_reader.parallel_read(
        dataset.data_sources,
        reader_class=dataset.reader,
        num_epochs=num_epochs,
        num_readers=num_readers,
        reader_kwargs=reader_kwargs,
        shuffle=shuffle,
        capacity=common_queue_capacity,
        min_after_dequeue=common_queue_min,
        seed=seed,
        scope=scope)

    items = dataset.decoder.list_items()
    tensors = dataset.decoder.decode(data, items)

    items_to_tensors = dict(zip(items, tensors))
    if record_key in items_to_tensors:
      raise ValueError('The item name used for `record_key` cannot also be '
                       'used for a dataset item: %s', record_key)
    items_to_tensors[record_key] = key

    super(DatasetDataProvider, self).__init__(
        items_to_tensors=items_to_tensors,
        num_samples=dataset.num_samples)
