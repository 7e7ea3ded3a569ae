"""An audio-notes dataset class in the shape of the NSynth reader: `get_example(batch_size)` makes its
reader and an `input_producer([self.record_path], num_epochs=..., shuffle=self.is_training)` over the one
record file, parses a dict of features; `get_wavenet_batch` decodes raw int16 audio, crops it and batches
with `shuffle_batch` in training or `batch` otherwise. The records are written by the script itself
(to DATA_DIR/h6_nsynth_audio_records/). Evaluation mode: one epoch, a Coordinator loop to OutOfRangeError.
"""

from __future__ import absolute_import, division, print_function

import os
import struct

from tensorflow.compat import v1 as tf

NUM_NOTES = 20
SAMPLES_PER_NOTE = 6


def write_notes(path):
  """Writes NUM_NOTES examples: a note name, a pitch, int16 audio and quality flags."""
  directory = os.path.dirname(path)
  if not os.path.isdir(directory):
    os.makedirs(directory)
  with tf.python_io.TFRecordWriter(path) as writer:
    for n in range(NUM_NOTES):
      audio = struct.pack('<%dh' % SAMPLES_PER_NOTE, *[(n * 100 + s * 7) % 3000 - 1500
                                                      for s in range(SAMPLES_PER_NOTE)])
      example = tf.train.Example(features=tf.train.Features(feature={
          'note_str': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'note-%03d' % n])),
          'pitch': tf.train.Feature(int64_list=tf.train.Int64List(value=[24 + n])),
          'audio': tf.train.Feature(bytes_list=tf.train.BytesList(value=[audio])),
          'qualities': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 2, n % 3])),
      }))
      writer.write(example.SerializeToString())


class NSynthDataset(object):
  """Dataset object to help manage the TFRecord loading."""

  def __init__(self, tfrecord_path, is_training=True):
    self.is_training = is_training
    self.record_path = tfrecord_path

  def get_example(self, batch_size):
    """Get a single example from the tfrecord file.

    Args:
      batch_size: Int, minibatch size.

    Returns:
      tf.Example protobuf parsed from tfrecord.
    """
    reader = tf.TFRecordReader()
    num_epochs = None if self.is_training else 1
    capacity = batch_size
    path_queue = tf.train.input_producer(
        [self.record_path],
        num_epochs=num_epochs,
        shuffle=self.is_training,
        capacity=capacity)
    unused_key, serialized_example = reader.read(path_queue)
    features = {
        "note_str": tf.FixedLenFeature([], dtype=tf.string),
        "pitch": tf.FixedLenFeature([1], dtype=tf.int64),
        "audio": tf.FixedLenFeature([], dtype=tf.string),
        "qualities": tf.FixedLenFeature([2], dtype=tf.int64),
    }
    example = tf.parse_single_example(serialized_example, features)
    return example

  def get_wavenet_batch(self, batch_size, length=4):
    """Get the Tensor expressions from the reader.

    Args:
      batch_size: The integer batch size.
      length: Number of timesteps of a cropped sample to produce.

    Returns:
      A dict of key:tensor pairs. This includes "pitch", "wav", and "key".
    """
    example = self.get_example(batch_size)
    wav = tf.decode_raw(example["audio"], tf.int16)
    wav.set_shape([SAMPLES_PER_NOTE])
    pitch = tf.squeeze(example["pitch"])
    key = tf.squeeze(example["note_str"])

    if self.is_training:
      # random crop
      crop = tf.random_crop(wav, [length])
      crop = tf.reshape(crop, [length])
      key, crop, pitch = tf.train.shuffle_batch(
          [key, crop, pitch],
          batch_size,
          num_threads=4,
          capacity=500 * batch_size,
          min_after_dequeue=200 * batch_size)
    else:
      # fixed center crop
      offset = (SAMPLES_PER_NOTE - length) // 2
      crop = tf.slice(wav, [offset], [length])
      crop = tf.reshape(crop, [length])
      key, crop, pitch = tf.train.batch(
          [key, crop, pitch],
          batch_size,
          num_threads=1,
          capacity=4 * batch_size)

    return {"pitch": pitch, "wav": crop, "key": key}


def main(data_dir):
  record_path = os.path.join(data_dir, 'h6_nsynth_audio_records', 'nsynth-valid.tfrecord')
  write_notes(record_path)
  dataset = NSynthDataset(record_path, is_training=False)
  batch = dataset.get_wavenet_batch(batch_size=6)
  wav_float = tf.cast(batch["wav"], tf.float32)

  batches = []
  end = None
  sess = tf.Session()
  sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      out, wf = sess.run([batch, wav_float])
      batches.append({"pitch": out["pitch"].tolist(), "wav": wf.tolist(),
                      "key": [k.decode() for k in out["key"]]})
  except tf.errors.OutOfRangeError:
    end = "OutOfRangeError"
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": batches, "end": end}
