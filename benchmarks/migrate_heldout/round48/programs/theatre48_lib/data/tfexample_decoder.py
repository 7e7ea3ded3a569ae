"""A small TFExampleDecoder with item handlers (the organisation of slim's decoder)."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf


class ItemHandler(object):
  def __init__(self, keys):
    if not isinstance(keys, (tuple, list)):
      keys = [keys]
    self._keys = keys

  @property
  def keys(self):
    return self._keys

  def tensors_to_item(self, keys_to_tensors):
    raise NotImplementedError


class Tensor(ItemHandler):
  """An ItemHandler that returns a parsed Tensor."""

  def __init__(self, tensor_key, default_value=None):
    self._tensor_key = tensor_key
    self._default_value = default_value
    super(Tensor, self).__init__([tensor_key])

  def tensors_to_item(self, keys_to_tensors):
    return keys_to_tensors[self._tensor_key]


class ItemHandlerCallback(ItemHandler):
  """An ItemHandler that converts the parsed tensors via a given function."""

  def __init__(self, keys, func):
    super(ItemHandlerCallback, self).__init__(keys)
    self._func = func

  def tensors_to_item(self, keys_to_tensors):
    return self._func(keys_to_tensors)


class TFExampleDecoder(object):
  """A decoder for TensorFlow Examples."""

  def __init__(self, keys_to_features, items_to_handlers):
    self._keys_to_features = keys_to_features
    self._items_to_handlers = items_to_handlers

  def list_items(self):
    return list(self._items_to_handlers.keys())

  def decode(self, serialized_example, items=None):
    example = tf.parse_single_example(serialized_example, self._keys_to_features)
    if not items:
      items = self._items_to_handlers.keys()
    outputs = []
    for item in items:
      handler = self._items_to_handlers[item]
      keys_to_tensors = {key: example[key] for key in handler.keys}
      outputs.append(handler.tensors_to_item(keys_to_tensors))
    return outputs
