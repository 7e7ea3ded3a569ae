import tensorflow as tf

tf.compat.v1.disable_eager_execution()


class _Flags(object):
    """Stands in for tf.app.flags.FLAGS of the training script."""
    batch_size = 2
    sample_size = 6
    test_vectors = 4


FLAGS = _Flags()


def setup_inputs(sess, filenames, image_size=None, capacity_factor=3):
    if image_size is None:
        image_size = FLAGS.sample_size

    # Read each PNG file
    reader = tf.compat.v1.WholeFileReader()
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, shuffle=False)
    key, value = reader.read(filename_queue)
    channels = 1
    image = tf.image.decode_png(value, channels=channels, name="dataset_image")
    image.set_shape([None, None, channels])

    # Crop and other random augmentations
    wiggle = 1
    off_x, off_y = 1, 1
    crop_size = image_size
    image = tf.image.crop_to_bounding_box(image, off_y, off_x, crop_size, crop_size)
    image = tf.reshape(image, [1, crop_size, crop_size, channels])
    image = tf.cast(image, tf.float32) / 255.0

    # Using resize_area to downsample to avoid aliasing
    K = 2
    downsampled = tf.compat.v1.image.resize_area(image, [image_size // K, image_size // K])
    feature = tf.reshape(downsampled, [image_size // K, image_size // K, channels])
    label = tf.reshape(image, [image_size, image_size, channels])

    # Using asynchronous queues
    features, labels = tf.compat.v1.train.batch([feature, label],
                                                batch_size=FLAGS.batch_size,
                                                num_threads=1,
                                                capacity=capacity_factor * FLAGS.batch_size,
                                                name='labels_and_features')

    tf.compat.v1.train.start_queue_runners(sess=sess)
    del wiggle
    return features, labels
