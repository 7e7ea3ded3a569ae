# After a speech-to-text WaveNet port's `dataset.py`: `create(filepath, batch_size=1, repeat=False, buffsize=1000)`
# with an inner `_parse(record)` over `uid`, VarLen `audio/data`, `audio/shape` and `text`, the audio reshaped by
# its stored shape, and the return `tuple(list(iterator.get_next()) + [iterator.initializer])`. The source used an
# initializable tf.data iterator; here a producer and a reader, `batch(dynamic_pad=True)`, and the local-variables
# initializer in the initializer's place (the producer's epoch counter).
import tensorflow.compat.v1 as tf


def create(filepath, batch_size=1, repeat=False, buffsize=1000):
  def _parse(record):
    keys_to_features = {
      'uid': tf.FixedLenFeature([], tf.string),
      'audio/data': tf.VarLenFeature(tf.float32),
      'audio/shape': tf.VarLenFeature(tf.int64),
      'text': tf.VarLenFeature(tf.int64)
    }
    features = tf.parse_single_example(
      serialized=record,
      features=keys_to_features
    )

    audio = features['audio/data'].values
    shape = features['audio/shape'].values
    audio = tf.reshape(audio, shape)
    text = tf.sparse_tensor_to_dense(features['text'])
    return audio, text, shape[0], features['uid']

  queue = tf.train.string_input_producer([filepath], num_epochs=None if repeat else 1, shuffle=False)
  reader = tf.TFRecordReader()
  _, record = reader.read(queue)
  audio, text, length, uid = _parse(record)
  audio.set_shape([None, 2])
  if buffsize > 0:
    batch = tf.train.shuffle_batch([audio, text, length, uid], batch_size=batch_size, capacity=buffsize,
                                   min_after_dequeue=batch_size)
  else:
    batch = tf.train.batch([audio, text, length, uid], batch_size=batch_size, dynamic_pad=True)
  initializer = tf.local_variables_initializer()
  return tuple(list(batch) + [initializer])
