# After a speech-separation repository's `parse_data.py`: `parse_func(pcm_len)` returning `_parse_func(ex)` for
# `neg` / `pos` / `anc` float lists, and `gen_train(tfrec_list, pcm_len, batch_size=16, seed=1234)`. The source
# shuffled and repeated a TFRecordDataset; here a seeded producer, a reader and a seeded `shuffle_batch`
# (one epoch instead of `repeat()`).
import tensorflow.compat.v1 as tf


def parse_func(pcm_len):
  def _parse_func(ex):
    desc = {
      'neg': tf.FixedLenFeature([pcm_len], tf.float32),
      'pos': tf.FixedLenFeature([pcm_len], tf.float32),
      'anc': tf.FixedLenFeature([pcm_len], tf.float32)
    }
    return tf.parse_single_example(ex, desc)
  return _parse_func


def gen_train(tfrec_list, pcm_len, batch_size=16, seed=1234):
  queue = tf.train.string_input_producer(tfrec_list, num_epochs=1, seed=seed)
  reader = tf.TFRecordReader()
  _, ex = reader.read(queue)

  parsed = parse_func(pcm_len)(ex)
  batch = tf.train.shuffle_batch(parsed, batch_size, capacity=4 * batch_size,
                                 min_after_dequeue=batch_size, seed=seed)
  return batch
