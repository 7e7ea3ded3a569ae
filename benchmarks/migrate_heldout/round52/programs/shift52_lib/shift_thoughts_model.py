"""Shift-thoughts model: only the input half of skip_thoughts_model.SkipThoughtsModel."""
import tensorflow.compat.v1 as tf

from shift52_lib.ops import input_ops


class ShiftThoughtsModel(object):
  """Shift-thoughts model."""

  def __init__(self, config, mode="train", input_reader=None):
    if mode not in ["train", "eval", "encode"]:
      raise ValueError("Unrecognized mode: %s" % mode)
    self.config = config
    self.mode = mode
    self.reader = input_reader if input_reader else tf.TFRecordReader()
    self.encode_ids = None
    self.decode_pre_ids = None
    self.decode_post_ids = None
    self.encode_mask = None
    self.decode_pre_mask = None
    self.decode_post_mask = None

  def build_inputs(self):
    """Builds the ops for reading input data."""
    if self.mode == "encode":
      # Word embeddings are fed from an external vocabulary which has possibly
      # been expanded (see vocabulary_expansion.py).
      encode_ids = None
      decode_pre_ids = None
      decode_post_ids = None
      encode_mask = tf.placeholder(tf.int8, (None, None), name="encode_mask")
      decode_pre_mask = None
      decode_post_mask = None
    else:
      # Prefetch serialized tf.Example protos.
      input_queue = input_ops.prefetch_input_data(
          self.reader,
          self.config.input_file_pattern,
          shuffle=self.config.shuffle_input_data,
          capacity=self.config.input_queue_capacity,
          num_reader_threads=self.config.num_input_reader_threads,
          num_epochs=getattr(self.config, "num_epochs", None))

      # Deserialize a batch.
      serialized = input_queue.dequeue_many(self.config.batch_size)
      encode, decode_pre, decode_post = input_ops.parse_example_batch(
          serialized)

      encode_ids = encode.ids
      decode_pre_ids = decode_pre.ids
      decode_post_ids = decode_post.ids

      encode_mask = encode.mask
      decode_pre_mask = decode_pre.mask
      decode_post_mask = decode_post.mask

    self.encode_ids = encode_ids
    self.decode_pre_ids = decode_pre_ids
    self.decode_post_ids = decode_post_ids

    self.encode_mask = encode_mask
    self.decode_pre_mask = decode_pre_mask
    self.decode_post_mask = decode_post_mask

  def build(self):
    self.build_inputs()
    self.encode_lengths = tf.reduce_sum(self.encode_mask, 1)
