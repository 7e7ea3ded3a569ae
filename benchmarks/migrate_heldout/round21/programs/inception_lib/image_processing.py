"""Read and preprocess image data (after the Inception training code's image_processing.py): an examples queue
filled by several readers, and preprocessing copies joined into one batch."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf

BATCH_SIZE = 5
IMAGE_SIZE = 4
NUM_PREPROCESS_THREADS = 2
NUM_READERS = 2
INPUT_QUEUE_MEMORY_FACTOR = 1


def inputs(dataset, batch_size=None, num_preprocess_threads=None, num_readers=None):
    """Evaluation images and labels, read once."""
    if not batch_size:
        batch_size = BATCH_SIZE
    # Force all input processing onto CPU in order to reserve the GPU for the forward inference.
    with tf.device('/cpu:0'):
        images, labels = batch_inputs(
            dataset, batch_size, train=False,
            num_preprocess_threads=num_preprocess_threads,
            num_readers=num_readers)
    return images, labels


def decode_png(image_buffer, scope=None):
    with tf.name_scope(values=[image_buffer], name=scope, default_name='decode_png'):
        image = tf.image.decode_png(image_buffer, channels=3)
        # After this point, all image pixels reside in [0,1).
        image = tf.image.convert_image_dtype(image, dtype=tf.float32)
        return image


def eval_image(image, height, width, scope=None):
    with tf.name_scope(values=[image, height, width], name=scope, default_name='eval_image'):
        # Crop the central region of the image with an area containing 87.5% of the original image.
        image = tf.image.central_crop(image, central_fraction=0.875)
        image = tf.expand_dims(image, 0)
        image = tf.image.resize_bilinear(image, [height, width], align_corners=False)
        image = tf.squeeze(image, [0])
        return image


def image_preprocessing(image_buffer, bbox, train, thread_id=0):
    if bbox is None:
        raise ValueError('Please supply a bounding box.')
    image = decode_png(image_buffer)
    height = IMAGE_SIZE
    width = IMAGE_SIZE
    if train:
        raise NotImplementedError('distortions are not part of this evaluation build')
    image = eval_image(image, height, width)
    # Finally, rescale to [-1,1] instead of [0, 1)
    image = tf.subtract(image, 0.5)
    image = tf.multiply(image, 2.0)
    return image


def parse_example_proto(example_serialized):
    """Parses an Example proto: the encoded image, the label, the bounding boxes and the class text."""
    feature_map = {
        'image/encoded': tf.FixedLenFeature([], dtype=tf.string, default_value=''),
        'image/class/label': tf.FixedLenFeature([1], dtype=tf.int64, default_value=-1),
        'image/class/text': tf.FixedLenFeature([], dtype=tf.string, default_value=''),
    }
    sparse_float32 = tf.VarLenFeature(dtype=tf.float32)
    # Sparse features in Example proto.
    feature_map.update(
        {k: sparse_float32 for k in ['image/object/bbox/xmin', 'image/object/bbox/ymin',
                                     'image/object/bbox/xmax', 'image/object/bbox/ymax']})

    features = tf.parse_single_example(example_serialized, feature_map)
    label = tf.cast(features['image/class/label'], dtype=tf.int32)

    xmin = tf.expand_dims(features['image/object/bbox/xmin'].values, 0)
    ymin = tf.expand_dims(features['image/object/bbox/ymin'].values, 0)
    xmax = tf.expand_dims(features['image/object/bbox/xmax'].values, 0)
    ymax = tf.expand_dims(features['image/object/bbox/ymax'].values, 0)

    # Note that we impose an ordering of (y, x) just to make life difficult.
    bbox = tf.concat(axis=0, values=[ymin, xmin, ymax, xmax])

    # Force the variable number of bounding boxes into the shape [1, num_boxes, coords].
    bbox = tf.expand_dims(bbox, 0)
    bbox = tf.transpose(bbox, [0, 2, 1])

    return features['image/encoded'], label, bbox, features['image/class/text']


def batch_inputs(dataset, batch_size, train, num_preprocess_threads=None, num_readers=1):
    """Contruct batches of training or evaluation examples from the image dataset."""
    with tf.name_scope('batch_processing'):
        data_files = dataset.data_files()
        if data_files is None:
            raise ValueError('No data files found for this dataset')

        # Create filename_queue
        if train:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=16)
        else:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1, num_epochs=1)
        if num_preprocess_threads is None:
            num_preprocess_threads = NUM_PREPROCESS_THREADS

        if num_preprocess_threads % 2:
            raise ValueError('Please make num_preprocess_threads a multiple of 2 (%d % 2 != 0).',
                             num_preprocess_threads)

        if num_readers is None:
            num_readers = NUM_READERS

        if num_readers < 1:
            raise ValueError('Please make num_readers at least 1')

        # Approximate number of examples per shard.
        examples_per_shard = 8
        min_queue_examples = examples_per_shard * INPUT_QUEUE_MEMORY_FACTOR
        if train:
            examples_queue = tf.RandomShuffleQueue(
                capacity=min_queue_examples + 3 * batch_size,
                min_after_dequeue=min_queue_examples,
                dtypes=[tf.string])
        else:
            examples_queue = tf.FIFOQueue(
                capacity=examples_per_shard + 3 * batch_size,
                dtypes=[tf.string])

        # Create multiple readers to populate the queue of examples.
        if num_readers > 1:
            enqueue_ops = []
            for _ in range(num_readers):
                reader = dataset.reader()
                _, value = reader.read(filename_queue)
                enqueue_ops.append(examples_queue.enqueue([value]))

            tf.train.queue_runner.add_queue_runner(
                tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
            example_serialized = examples_queue.dequeue()
        else:
            reader = dataset.reader()
            _, example_serialized = reader.read(filename_queue)

        images_and_labels = []
        for thread_id in range(num_preprocess_threads):
            # Parse a serialized Example proto to extract the image and metadata.
            image_buffer, label_index, bbox, _ = parse_example_proto(example_serialized)
            image = image_preprocessing(image_buffer, bbox, train, thread_id)
            images_and_labels.append([image, label_index])

        images, label_index_batch = tf.train.batch_join(
            images_and_labels,
            batch_size=batch_size,
            capacity=2 * num_preprocess_threads * batch_size,
            allow_smaller_final_batch=True)

        # Reshape images into these desired dimensions.
        height = IMAGE_SIZE
        width = IMAGE_SIZE
        depth = 3

        images = tf.cast(images, tf.float32)
        images = tf.reshape(images, shape=[-1, height, width, depth])

        # Display the training images in the visualizer.
        tf.summary.image('images', images)

        return images, tf.reshape(label_index_batch, [-1])
