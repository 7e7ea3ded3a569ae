"""Input pipeline for the sawmill machine-sound baseline (queue version).

A train CSV lists clips (fname,label); each clip is decoded from WAV, cut into
fixed frames, and the frames of all clips are batched for the classifier.
"""

import functools
import os
import wave

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import audio as tf_audio

# All input clips use an 8 kHz sample rate.
SAMPLE_RATE = 8000
FRAME_SAMPLES = 4
HOP_SAMPLES = 4
CLASSES = ['bandsaw', 'planer', 'chipper', 'kiln_fan']


def write_clips(clip_dir):
  if not os.path.isdir(clip_dir):
    os.makedirs(clip_dir)
  rng = np.random.RandomState(18)
  rows = []
  for i in range(4):
    fname = '%08x.wav' % (0x5a3e0000 + i)
    data = (np.round(rng.uniform(-0.9, 0.9, 12), 2) * 32767).astype('<i2')
    w = wave.open(os.path.join(clip_dir, fname), 'wb')
    w.setnchannels(1)
    w.setsampwidth(2)
    w.setframerate(SAMPLE_RATE)
    w.writeframes(data.tobytes())
    w.close()
    rows.append((fname, CLASSES[(3 * i) % len(CLASSES)]))
  csv_path = os.path.join(clip_dir, 'train.csv')
  with open(csv_path, 'w') as f:
    f.write('fname,label\n')
    for fname, label in rows:
      f.write('%s,%s\n' % (fname, label))
  return csv_path


def clip_to_waveform(clip, clip_dir=None):
  """Decodes a WAV clip into a waveform tensor."""
  # Decode the WAV-format clip into a waveform tensor where
  # the values lie in [-1, +1].
  clip_path = tf.string_join([clip_dir, clip], separator=os.sep)
  clip_data = tf.read_file(clip_path)
  waveform, sr = tf_audio.decode_wav(clip_data)
  # Assert that the clip has the expected sample rate.
  check_sr = tf.assert_equal(sr, SAMPLE_RATE)
  # and check that it is mono.
  check_channels = tf.assert_equal(tf.shape(waveform)[1], 1)
  with tf.control_dependencies([tf.group(check_sr, check_channels)]):
    return tf.squeeze(waveform)


def clip_to_frames(clip, clip_dir=None):
  """Converts a clip into a batch of fixed-size frames."""
  waveform = clip_to_waveform(clip, clip_dir=clip_dir)
  return tf.signal.frame(waveform, frame_length=FRAME_SAMPLES, frame_step=HOP_SAMPLES)


def label_to_index(label):
  class_names = tf.constant(CLASSES)
  return tf.argmax(tf.cast(tf.equal(class_names, label), tf.int32), output_type=tf.int32)


def train_input(train_csv_path=None, train_clip_dir=None, batch_size=4):
  """Frames of every clip in the CSV, with the clip's label per frame."""
  filename_queue = tf.train.string_input_producer([train_csv_path], num_epochs=1, shuffle=False)
  reader = tf.TextLineReader(skip_header_lines=1)
  _, line = reader.read(filename_queue)
  clip, label = tf.decode_csv(line, record_defaults=[[''], ['']])
  frames = functools.partial(clip_to_frames, clip_dir=train_clip_dir)(clip)
  num_frames = tf.shape(frames)[0]
  labels = tf.fill([num_frames], label_to_index(label))
  clips = tf.fill([num_frames], clip)
  return tf.train.batch([frames, labels, clips], batch_size=batch_size, enqueue_many=True,
                        num_threads=1, capacity=16, shapes=[[FRAME_SAMPLES], [], []])


def main(data_dir):
  clip_dir = os.path.join(data_dir, 'h57_sawmill_machine_sounds')
  csv_path = write_clips(clip_dir)
  features, labels, clips = train_input(train_csv_path=csv_path, train_clip_dir=clip_dir, batch_size=4)
  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        f, l, c = sess.run([features, labels, clips])
        batches.append([np.round(f.astype(np.float64), 3).tolist(), l.tolist(), [x.decode() for x in c]])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "frames: %d" % sum(len(b[1]) for b in batches)}
