import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

SIGNAL_LENGTH = 6
LABEL_BYTES = 1
SIGNAL_BYTES = SIGNAL_LENGTH * 2  # int16 microstrain samples
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 10


def write_cables(root):
  rng = np.random.RandomState(2016)
  names = []
  for c, n in (('stay_N07', 6), ('stay_S12', 4)):
    name = os.path.join(root, '%s.bin' % c)
    with open(name, 'wb') as f:
      for i in range(n):
        label = np.array([1 if i % 3 == 0 else 0], dtype=np.uint8)  # 1 = wire break event
        signal = (rng.randn(SIGNAL_LENGTH) * 40 + 300).astype('<i2')
        f.write(label.tobytes() + signal.tobytes())
    names.append(name)
  return names


def read_signal(filename_queue):
  class GaugeRecord(object):
    pass
  result = GaugeRecord()
  record_bytes = LABEL_BYTES + SIGNAL_BYTES
  reader = tf1.FixedLengthRecordReader(record_bytes=record_bytes)
  result.key, value = reader.read(filename_queue)
  label_raw = tf1.decode_raw(tf1.substr(value, 0, LABEL_BYTES), tf.uint8)
  result.label = tf.cast(tf.reshape(label_raw, []), tf.int32)
  signal = tf1.decode_raw(tf1.substr(value, LABEL_BYTES, SIGNAL_BYTES), tf.int16)
  result.signal = tf.reshape(tf.cast(signal, tf.float32), [SIGNAL_LENGTH])
  return result


def _generate_signal_and_label_batch(signal, label, min_queue_examples,
                                    batch_size, shuffle):
  """Construct a queued batch of images and labels.

  Args:
    image: 3-D Tensor of [height, width, 3] of type.float32.
    label: 1-D Tensor of type.int32
    min_queue_examples: int32, minimum number of samples to retain
      in the queue that provides of batches of examples.
    batch_size: Number of images per batch.
    shuffle: boolean indicating whether to use a shuffling queue.

  Returns:
    images: Images. 4D tensor of [batch_size, height, width, 3] size.
    labels: Labels. 1D tensor of [batch_size] size.
  """
  # Create a queue that shuffles the examples, and then
  # read 'batch_size' images + labels from the example queue.
  num_preprocess_threads = 1
  if shuffle:
    signals, label_batch = tf1.train.shuffle_batch(
        [signal, label],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size,
        min_after_dequeue=min_queue_examples)
  else:
    signals, label_batch = tf1.train.batch(
        [signal, label],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size)

  return signals, tf.reshape(label_batch, [batch_size])


def inputs(filenames, batch_size):
  filename_queue = tf1.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
  read_input = read_signal(filename_queue)
  # remove the static pretension of the cable
  centred = read_input.signal - tf.reduce_mean(read_input.signal)
  min_queue_examples = int(NUM_EXAMPLES_PER_EPOCH_FOR_EVAL * 0.4)
  return _generate_signal_and_label_batch(centred, read_input.label, min_queue_examples,
                                          batch_size, shuffle=False)


def main(data_dir):
  root = os.path.join(data_dir, 'h51_cable_gauges')
  if not os.path.isdir(root):
    os.makedirs(root)
  filenames = write_cables(root)
  signals, labels = inputs(filenames, 2)
  peak = tf.reduce_max(tf.abs(signals), axis=1)

  batches = []
  with tf1.Session() as sess:
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess, coord)
    try:
      while not coord.should_stop():
        s, l, p = sess.run([signals, labels, peak])
        batches.append([np.round(s.astype(np.float64), 4).tolist(), l.tolist(),
                        np.round(p.astype(np.float64), 4).tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "events: %d" % sum(len(b[1]) for b in batches)}
