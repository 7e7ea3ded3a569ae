"""Read and preprocess records for a classifier, the large-image-model way: a filename queue, an examples
queue (RandomShuffleQueue in training, FIFOQueue otherwise) filled by the enqueue ops of several readers
and a QueueRunner, then several preprocessing copies joined by `batch_join`.
"""

import tensorflow.compat.v1 as tf


class RecordInputs(object):
  """Builds `self.images` and `self.labels` for the given record files."""

  def __init__(self, data_files, batch_size, num_readers=1, num_preprocess_threads=2,
               input_queue_memory_factor=1, examples_per_shard=45):
    if num_preprocess_threads % 2:
      raise ValueError('Please make num_preprocess_threads a multiple of 2 (%d % 2 != 0).'
                       % num_preprocess_threads)
    if num_readers < 1:
      raise ValueError('Please make num_readers at least 1')
    self.data_files = data_files
    self.batch_size = batch_size
    self.num_readers = num_readers
    self.num_preprocess_threads = num_preprocess_threads
    self.input_queue_memory_factor = input_queue_memory_factor
    self.examples_per_shard = examples_per_shard
    self.images = None
    self.labels = None

  def _parse_example_proto(self, example_serialized):
    feature_map = {
        'x': tf.FixedLenFeature([3], dtype=tf.float32),
        'label': tf.FixedLenFeature([], dtype=tf.int64, default_value=-1),
    }
    features = tf.parse_single_example(example_serialized, feature_map)
    label = tf.cast(features['label'], dtype=tf.int32)
    return features['x'], label

  def _preprocess(self, image_buffer, train, thread_id):
    # each preprocessing copy may differ by thread_id in real augmentation; here a fixed transform
    image = tf.reverse(image_buffer, axis=[0]) if train else image_buffer
    return tf.reshape(image, [3])

  def build(self, train, num_epochs=1):
    with tf.name_scope('batch_processing'):
      # Create filename_queue
      if train:
        filename_queue = tf.train.string_input_producer(self.data_files, shuffle=True, capacity=16,
                                                        num_epochs=num_epochs)
      else:
        filename_queue = tf.train.string_input_producer(self.data_files, shuffle=False, capacity=1,
                                                        num_epochs=num_epochs)

      min_queue_examples = self.examples_per_shard * self.input_queue_memory_factor
      if train:
        examples_queue = tf.RandomShuffleQueue(
            capacity=min_queue_examples + 3 * self.batch_size,
            min_after_dequeue=min_queue_examples,
            dtypes=[tf.string])
      else:
        examples_queue = tf.FIFOQueue(
            capacity=self.examples_per_shard + 3 * self.batch_size,
            dtypes=[tf.string])

      # Create multiple readers to populate the queue of examples.
      if self.num_readers > 1:
        enqueue_ops = []
        for _ in range(self.num_readers):
          reader = tf.TFRecordReader()
          _, value = reader.read(filename_queue)
          enqueue_ops.append(examples_queue.enqueue([value]))

        tf.train.queue_runner.add_queue_runner(
            tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
        example_serialized = examples_queue.dequeue()
      else:
        reader = tf.TFRecordReader()
        _, example_serialized = reader.read(filename_queue)

      images_and_labels = []
      for thread_id in range(self.num_preprocess_threads):
        # Parse a serialized Example proto to extract the image and metadata.
        image_buffer, label_index = self._parse_example_proto(example_serialized)
        image = self._preprocess(image_buffer, train, thread_id)
        images_and_labels.append([image, label_index])

      images, label_index_batch = tf.train.batch_join(
          images_and_labels,
          batch_size=self.batch_size,
          capacity=2 * self.num_preprocess_threads * self.batch_size,
          allow_smaller_final_batch=True)

      self.images = tf.cast(images, tf.float32)
      self.labels = tf.reshape(label_index_batch, [-1])
    return self.images, self.labels
