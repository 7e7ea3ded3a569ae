"""Read and preprocess reef survey photos.

 Image processing occurs on a single image at a time. Images are read and
 preprocessed in parallel across multiple threads. The resulting images
 are concatenated together to form a single batch for training or evaluation.

 -- Provide processed image data for a network:
 batch_inputs: Construct batches of training or evaluation examples of images.

 -- Data processing:
 parse_example_proto: Parses an Example proto containing a survey photo.
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf


class NetInputProcessing(object):
    def __init__(self, batch_size, num_preprocess_threads, input_size = None, num_readers = 1, input_queue_memory_factor=16, examples_per_shard=1024, seed=None):
        self.batch_size = batch_size

        self.input_size = input_size  # input_size = (height, width, depth)

        self.num_preprocess_threads = num_preprocess_threads
        self.num_readers = num_readers
        self.input_queue_memory_factor = input_queue_memory_factor
        self.examples_per_shard = examples_per_shard
        self.seed = seed

        if self.num_preprocess_threads % 2:
            raise ValueError('Please make num_preprocess_threads a multiple '
                             'of 2 (%d % 2 != 0).', self.num_preprocess_threads)
        if self.num_readers < 1:
            raise ValueError('Please make num_readers at least 1')

    def parse_example_proto(self, example_serialized):
        """Parses an Example proto containing a training example of a photo.

        Returns:
          image_buffer: Tensor tf.string containing the contents of a PNG file.
          label: Tensor tf.int32 containing the label.
          text: Tensor tf.string containing the human-readable label.
          site: Tensor tf.string with the survey site code.
        """
        feature_map = {
            'image/encoded': tf.FixedLenFeature([], dtype=tf.string, default_value=''),
            'image/class/label': tf.FixedLenFeature([1], dtype=tf.int64, default_value=-1),
            'image/class/text': tf.FixedLenFeature([], dtype=tf.string, default_value=''),
            'image/site': tf.FixedLenFeature([], dtype=tf.string, default_value=''),
        }
        features = tf.parse_single_example(example_serialized, feature_map)
        label = tf.cast(features['image/class/label'], dtype=tf.int32)
        return features['image/encoded'], label, features['image/class/text'], features['image/site']

    def decode_png(self, image_buffer, scope=None):
        with tf.name_scope(values=[image_buffer], name=scope, default_name='decode_png'):
            image = tf.image.decode_png(image_buffer, channels=self.input_size[2])
            # After this point, all image pixels reside in [0,1)
            image = tf.image.convert_image_dtype(image, dtype=tf.float32)
            return image

    def image_preprocessing(self, image_buffer, train, thread_id=0):
        image = self.decode_png(image_buffer)
        height, width, depth = self.input_size
        image = tf.image.resize_image_with_crop_or_pad(image, height, width)
        # Finally, rescale to [-1,1] instead of [0, 1)
        image = tf.subtract(image, 0.5)
        image = tf.multiply(image, 2.0)
        return image

    def batch_inputs(self, data_files, train, num_epochs=None):
        with tf.name_scope('batch_processing'):
            if data_files is None or not data_files:
                raise ValueError('No data files found for this dataset')

            # Create filename_queue
            if train:
                filename_queue = tf.train.string_input_producer(data_files,
                                                                num_epochs=num_epochs,
                                                                shuffle=True,
                                                                seed=self.seed,
                                                                capacity=16)
            else:
                filename_queue = tf.train.string_input_producer(data_files,
                                                                num_epochs=num_epochs,
                                                                shuffle=False,
                                                                capacity=1)

            # Approximate number of examples per shard.
            examples_per_shard = self.examples_per_shard
            # Size the random shuffle queue to balance between good global
            # mixing (more examples) and memory use (fewer examples).
            min_queue_examples = examples_per_shard * self.input_queue_memory_factor
            if train:
                examples_queue = tf.RandomShuffleQueue(
                    capacity=min_queue_examples + 3 * self.batch_size,
                    min_after_dequeue=min_queue_examples,
                    dtypes=[tf.string],
                    seed=self.seed)
            else:
                examples_queue = tf.FIFOQueue(
                    capacity=examples_per_shard + 3 * self.batch_size,
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
                image_buffer, label_index, _, site = self.parse_example_proto(
                    example_serialized)
                image = self.image_preprocessing(image_buffer, train, thread_id)
                images_and_labels.append([image, label_index, site])

            images, label_index_batch, site_batch = tf.train.batch_join(
                images_and_labels,
                batch_size=self.batch_size,
                capacity=2 * self.num_preprocess_threads * self.batch_size)

            # Reshape images into these desired dimensions.
            height, width, depth = self.input_size

            images = tf.cast(images, tf.float32)
            images = tf.reshape(images, shape=[self.batch_size, height, width, depth])

            # Display the training images in the visualizer.
            tf.summary.image('images', images)

            return images, tf.reshape(label_index_batch, [self.batch_size]), site_batch
