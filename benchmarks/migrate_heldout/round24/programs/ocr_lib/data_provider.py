"""Functions to read, decode and pre-process input data for the model (attention-OCR layout)."""
import collections

import tensorflow.compat.v1 as tf

# Tuple to store input data endpoints for the model.
InputEndpoints = collections.namedtuple(
    'InputEndpoints', ['images', 'images_orig', 'labels', 'labels_one_hot', 'texts'])

# A namedtuple to define a configuration for shuffled batch fetching.
ShuffleBatchConfig = collections.namedtuple(
    'ShuffleBatchConfig', ['num_batching_threads', 'queue_capacity', 'min_after_dequeue'])

DEFAULT_SHUFFLE_CONFIG = ShuffleBatchConfig(num_batching_threads=2, queue_capacity=24, min_after_dequeue=4)


def central_crop(image, crop_size):
    """Returns a central crop of the image (crop_size is width, height)."""
    with tf.variable_scope('CentralCrop'):
        target_width, target_height = crop_size
        image_height, image_width = tf.shape(image)[0], tf.shape(image)[1]
        assert_op1 = tf.Assert(tf.greater_equal(image_height, target_height),
                               ['image_height < target_height', image_height, target_height])
        assert_op2 = tf.Assert(tf.greater_equal(image_width, target_width),
                               ['image_width < target_width', image_width, target_width])
        with tf.control_dependencies([assert_op1, assert_op2]):
            offset_width = (image_width - target_width) // 2
            offset_height = (image_height - target_height) // 2
            return tf.image.crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width)


def preprocess_image(image, augment=False, central_crop_size=None, num_towers=1):
    with tf.variable_scope('PreprocessImage'):
        image = tf.image.convert_image_dtype(image, dtype=tf.float32)
        if augment or central_crop_size:
            if num_towers == 1:
                images = [image]
            else:
                images = tf.split(value=image, num_or_size_splits=num_towers, axis=1)
            if central_crop_size:
                view_crop_size = (central_crop_size[0] // num_towers, central_crop_size[1])
                images = [central_crop(img, view_crop_size) for img in images]
            if augment:
                images = [tf.image.random_flip_up_down(img) for img in images]
            image = tf.concat(images, 1)
        image = tf.subtract(image, 0.5)
        image = tf.multiply(image, 2.5)
    return image


def _decode(serialized, dataset):
    keys_to_features = {
        'image/encoded': tf.FixedLenFeature((), tf.string, default_value=''),
        'image/format': tf.FixedLenFeature((), tf.string, default_value='png'),
        'image/class': tf.FixedLenFeature([dataset.max_sequence_length], tf.int64),
        'image/unpadded_class': tf.VarLenFeature(tf.int64),
        'image/text': tf.FixedLenFeature([1], tf.string, default_value=''),
    }
    parsed = tf.parse_single_example(serialized, keys_to_features)
    image = tf.image.decode_png(parsed['image/encoded'], channels=1)
    image = tf.reshape(image, dataset.image_shape)
    label = tf.cast(parsed['image/class'], tf.int32)
    text = tf.reshape(parsed['image/text'], [])
    return image, label, text


def get_data(dataset, batch_size, augment=False, central_crop_size=None, shuffle_config=None, shuffle=True,
             num_epochs=None):
    if not shuffle_config:
        shuffle_config = DEFAULT_SHUFFLE_CONFIG
    with tf.device('/cpu:0'):
        filename_queue = tf.train.string_input_producer(dataset.data_sources, shuffle=shuffle,
                                                        num_epochs=num_epochs, seed=11)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        image_orig, label, text = _decode(serialized, dataset)
        image = preprocess_image(image_orig, augment, central_crop_size, num_towers=dataset.num_of_views)
        label_one_hot = tf.one_hot(label, dataset.num_char_classes)
        images, images_orig, labels, labels_one_hot, texts = tf.train.shuffle_batch(
            [image, image_orig, label, label_one_hot, text],
            batch_size=batch_size,
            num_threads=shuffle_config.num_batching_threads,
            capacity=shuffle_config.queue_capacity,
            min_after_dequeue=shuffle_config.min_after_dequeue)
    return InputEndpoints(images=images, images_orig=images_orig, labels=labels,
                          labels_one_hot=labels_one_hot, texts=texts)
