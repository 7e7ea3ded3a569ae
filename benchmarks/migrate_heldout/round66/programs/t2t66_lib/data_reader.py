# coding=utf-8
"""Data reader module (after tensor2tensor's pre-tf.data utils/data_reader.py, mid-2017).

contrib.slim and contrib.training are not in this TensorFlow: `parallel_reader` / `tfexample_decoder` come from the
vendored slim66_lib, and `batch_examples` batches into one bucket with `maybe_batch` where the original called
`tf.contrib.training.bucket_by_sequence_length` (writer change).
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import six
import tensorflow.compat.v1 as tf

from slim66_lib import parallel_reader
from slim66_lib import tfexample_decoder


class ModeKeys(object):
  """Stands in for tf.contrib.learn.ModeKeys."""
  TRAIN = "train"
  EVAL = "eval"
  INFER = "infer"


def examples_queue(data_sources, data_fields_to_features, training,
                   capacity=32, data_items_to_decoders=None,
                   data_items_to_decode=None):
  """Contruct a queue of training or evaluation examples.

  This function will create a reader from files given by data_sources,
  then enqueue the tf.Examples from these files, shuffling if training
  is true, and finally parse these tf.Examples to tensors.

  Args:
    data_sources: a list or tuple of sources from which the data will be read,
      for example [/path/to/train@128, /path/to/train2*, /tmp/.../train3*]
    data_fields_to_features: a dictionary from data fields in the data sources
      to features, such as tf.VarLenFeature(tf.int64), see above for examples.
    training: a Boolean, whether to read for training or evaluation.
    capacity: integer, queue capacity; set to 2 * max_batch_size or more.
    data_items_to_decoders: a dictionary mapping data items (that will be
      in the returned result) to decoders that will decode them using features
      defined in data_fields_to_features; see above for examples. By default
      (if this is None), we grab the tensor from every feature.
    data_items_to_decode: a subset of data items that will be decoded;
      by default (if this is None), we decode all items.

  Returns:
    A dictionary mapping each data_field to a corresponding 1D int64 tensor
    read from the created queue.
  """
  with tf.name_scope("examples_queue"):
    # Read serialized examples using slim parallel_reader.
    num_epochs = None if training else 1
    _, example_serialized = parallel_reader.parallel_read(
        data_sources,
        tf.TFRecordReader,
        num_epochs=num_epochs,
        shuffle=training,
        capacity=2 * capacity,
        min_after_dequeue=capacity,
        num_readers=4 if training else 1)

    if data_items_to_decoders is None:
      data_items_to_decoders = {
          field: tfexample_decoder.Tensor(field)
          for field in data_fields_to_features
      }

    decoder = tfexample_decoder.TFExampleDecoder(
        data_fields_to_features, data_items_to_decoders)

    if data_items_to_decode is None:
      data_items_to_decode = sorted(data_items_to_decoders)

    decoded = decoder.decode(example_serialized, items=data_items_to_decode)
    return {field: tensor
            for (field, tensor) in zip(data_items_to_decode, decoded)}


def input_pipeline(data_file_pattern, capacity, mode):
  """Input pipeline, returns a dictionary of tensors from queues."""
  data_fields = {
      "inputs": tf.VarLenFeature(tf.int64),
      "targets": tf.VarLenFeature(tf.int64)
  }
  data_items_to_decoders = None

  # Create placeholders for input, rather than reading data from disk.
  if data_file_pattern is None:
    feature_map = {}
    for (field, tp) in six.iteritems(data_fields):
      if field != "targets":
        feature_map[field] = tf.placeholder(
            dtype=tp.dtype, shape=[None] * 4, name=field)
    return feature_map

  examples = examples_queue(
      [data_file_pattern],
      data_fields,
      training=(mode == ModeKeys.TRAIN),
      capacity=capacity,
      data_items_to_decoders=data_items_to_decoders)

  # We do not want int64s as they do are not supported on GPUs.
  return {k: tf.to_int32(v) for (k, v) in six.iteritems(examples)}


def batch_examples(examples, batching_scheme):
  """Given a queue of examples, create batches of examples with similar lengths.

  We assume that examples is a dictionary with string keys and tensor values,
  possibly coming from a queue, e.g., constructed by examples_queue above.
  Each tensor in examples is assumed to be 1D. We will put tensors of similar
  length into batches togeter. We return a dictionary with the same keys as
  examples, and with values being batches of size batch_size.
  """
  with tf.name_scope("batch_examples"):
    # The queue to bucket on will be chosen based on maximum length.
    max_length = 0
    for v in examples.values():
      # For images the sequence length is the size of the spatial dimensions.
      sequence_length = (tf.shape(v)[0] if len(v.get_shape()) < 3 else
                         tf.shape(v)[0] * tf.shape(v)[1])
      max_length = tf.maximum(max_length, sequence_length)
    outputs = tf.train.maybe_batch(
        examples,
        keep_input=(max_length <= batching_scheme["max_length"]),
        batch_size=batching_scheme["batch_sizes"][0],
        capacity=2 * batching_scheme["batch_sizes"][0],
        dynamic_pad=True,
        allow_smaller_final_batch=True)
    return outputs


def hparams_to_batching_scheme(hparams):
  """Reduced: one bucket of `batch_size` examples up to `max_length`."""
  return {
      "boundaries": [],
      "batch_sizes": [hparams.batch_size],
      "max_length": hparams.max_length,
  }
