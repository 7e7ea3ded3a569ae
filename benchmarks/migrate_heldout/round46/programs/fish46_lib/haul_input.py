import tensorflow as tf
tf1 = tf.compat.v1

length_bins = 6
num_species = 4
num_examples_per_epoch_for_train = 12
num_examples_per_epoch_for_eval = 12

def get_example(filename_queue):
  class Example(object):
    pass

  ##############################################################
  # intput example from file
  reader = tf1.TFRecordReader()
  _, record = reader.read(filename_queue)
  features = tf1.parse_single_example(record,
    features={
      'vessel': tf1.FixedLenFeature([], tf.string),
      'bins': tf1.FixedLenFeature([], tf.int64),
      'species': tf1.FixedLenFeature([], tf.int64),
      'lengths_raw': tf1.FixedLenFeature([], tf.string),
    })
  ##############################################################

  example = Example()
  example.vessel = features['vessel']
  example.bins = tf.cast(features['bins'], tf.int32)
  example.label = tf.cast(features['species'], tf.int32)
  counts = tf1.decode_raw(features['lengths_raw'], tf.uint8)
  counts.set_shape([length_bins])
  counts = tf.cast(counts, tf.float32)
  example.freq = counts / tf.reduce_sum(counts)
  return example

def get_batch(example, min_queue_examples, batch_size, shuffle):
  num_preprocess_threads = 2
  if shuffle:
    freqs, labels, vessels = tf1.train.shuffle_batch(
      [example.freq, example.label, example.vessel],
      batch_size=batch_size,
      num_threads=num_preprocess_threads,
      capacity=min_queue_examples + 3 * batch_size,
      min_after_dequeue=min_queue_examples,
      seed=7)
  else:
    freqs, labels, vessels = tf1.train.batch(
      [example.freq, example.label, example.vessel],
      batch_size=batch_size,
      num_threads=num_preprocess_threads,
      capacity=min_queue_examples + 3 * batch_size)
  return freqs, tf.reshape(labels, [batch_size]), vessels

def inputs(filename, batch_size):
  filenames = [filename]
  num_examples_per_epoch = num_examples_per_epoch_for_train
  filename_queue = tf1.train.string_input_producer(filenames, num_epochs=1)
  example = get_example(filename_queue)
  min_fraction_of_examples_in_queue = 0.25
  min_queue_examples = int(num_examples_per_epoch *
                           min_fraction_of_examples_in_queue)
  return get_batch(example, min_queue_examples, batch_size, shuffle=True)
