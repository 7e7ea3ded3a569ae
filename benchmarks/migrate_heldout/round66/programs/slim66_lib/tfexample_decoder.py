"""Contains the TFExampleDecoder and its ItemHandlers (after slim's tfexample_decoder.py).

Decoding Example proto buffers is comprised of two stages: (1) Example parsing and (2) tensor manipulation.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import abc

import six
import tensorflow.compat.v1 as tf


@six.add_metaclass(abc.ABCMeta)
class ItemHandler(object):
  """Specifies the item-to-Features mapping for tf.parse_example."""

  def __init__(self, keys):
    if not isinstance(keys, (tuple, list)):
      keys = [keys]
    self._keys = keys

  @property
  def keys(self):
    return self._keys

  @abc.abstractmethod
  def tensors_to_item(self, keys_to_tensors):
    pass


class Tensor(ItemHandler):
  """An ItemHandler that returns a parsed Tensor."""

  def __init__(self, tensor_key, shape_keys=None, shape=None, default_value=0):
    if shape_keys and shape is not None:
      raise ValueError('Cannot specify both shape_keys and shape parameters.')
    if shape_keys and not isinstance(shape_keys, list):
      shape_keys = [shape_keys]
    self._tensor_key = tensor_key
    self._shape_keys = shape_keys
    self._shape = shape
    self._default_value = default_value
    keys = [tensor_key]
    if shape_keys:
      keys.extend(shape_keys)
    super(Tensor, self).__init__(keys)

  def tensors_to_item(self, keys_to_tensors):
    tensor = keys_to_tensors[self._tensor_key]
    shape = self._shape
    if self._shape_keys:
      shape_dims = []
      for k in self._shape_keys:
        shape_dim = keys_to_tensors[k]
        if isinstance(shape_dim, tf.SparseTensor):
          shape_dim = tf.sparse_tensor_to_dense(shape_dim)
        shape_dims.append(shape_dim)
      shape = tf.reshape(tf.stack(shape_dims), [-1])
    if isinstance(tensor, tf.SparseTensor):
      if shape is not None:
        tensor = tf.sparse_reshape(tensor, shape)
      tensor = tf.sparse_tensor_to_dense(tensor, self._default_value)
    else:
      if shape is not None:
        tensor = tf.reshape(tensor, shape)
    return tensor


class Image(ItemHandler):
  """An ItemHandler that decodes a parsed Tensor as an image."""

  def __init__(self, image_key=None, format_key=None, shape=None, channels=3,
               dtype=tf.uint8):
    if not image_key:
      image_key = 'image/encoded'
    if not format_key:
      format_key = 'image/format'
    super(Image, self).__init__([image_key, format_key])
    self._image_key = image_key
    self._format_key = format_key
    self._shape = shape
    self._channels = channels
    self._dtype = dtype

  def tensors_to_item(self, keys_to_tensors):
    image_buffer = keys_to_tensors[self._image_key]
    image_format = keys_to_tensors[self._format_key]
    return self._decode(image_buffer, image_format)

  def _decode(self, image_buffer, image_format):
    def decode_png():
      return tf.image.decode_png(image_buffer, self._channels, dtype=self._dtype)

    def decode_raw():
      image = tf.decode_raw(image_buffer, out_type=self._dtype)
      if self._shape is not None:
        image = tf.reshape(image, self._shape)
      return image

    image = tf.cond(
        tf.logical_or(tf.equal(image_format, 'raw'), tf.equal(image_format, 'RAW')),
        decode_raw, decode_png)
    if self._shape is not None:
      image.set_shape(self._shape)
    else:
      image.set_shape([None, None, self._channels])
    return image


class TFExampleDecoder(object):
  """A decoder for TensorFlow Examples."""

  def __init__(self, keys_to_features, items_to_handlers):
    self._keys_to_features = keys_to_features
    self._items_to_handlers = items_to_handlers

  def list_items(self):
    return list(self._items_to_handlers.keys())

  def decode(self, serialized_example, items=None):
    example = tf.parse_single_example(serialized_example,
                                      self._keys_to_features)

    # Reshape non-sparse elements just once, adding the reshape ops in
    # deterministic order.
    for k in sorted(self._keys_to_features):
      v = self._keys_to_features[k]
      if isinstance(v, tf.FixedLenFeature):
        example[k] = tf.reshape(example[k], v.shape)

    if not items:
      items = self._items_to_handlers.keys()

    outputs = []
    for item in items:
      handler = self._items_to_handlers[item]
      keys_to_tensors = {key: example[key] for key in handler.keys}
      outputs.append(handler.tensors_to_item(keys_to_tensors))
    return outputs
