"""Read and preprocess image data: one reader, several preprocessing copies, `batch_join`."""

import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4


def decode_png(image_buffer, scope=None):
    with tf.name_scope(values=[image_buffer], name=scope, default_name='decode_png'):
        image = tf.image.decode_png(image_buffer, channels=3)
        image = tf.image.convert_image_dtype(image, dtype=tf.float32)
        return image


def eval_image(image, height, width, scope=None):
    """Prepare one image for evaluation."""
    with tf.name_scope(values=[image, height, width], name=scope, default_name='eval_image'):
        # Crop the central region of the image with an area containing 87.5% of
        # the original image.
        image = tf.image.central_crop(image, central_fraction=0.875)

        # Resize the image to the original height and width.
        image = tf.expand_dims(image, 0)
        image = tf.image.resize_bilinear(image, [height, width], align_corners=False)
        image = tf.squeeze(image, [0])
        return image


def image_preprocessing(image_buffer, train, thread_id=0):
    """Decode and preprocess one image for evaluation or training."""
    image = decode_png(image_buffer)
    height = IMAGE_SIZE
    width = IMAGE_SIZE

    if train:
        raise NotImplementedError('distortions are not part of this example')
    image = eval_image(image, height, width)
    if not thread_id:
        tf.summary.image('final_image', tf.expand_dims(image, 0))

    # Finally, rescale to [-1,1] instead of [0, 1)
    image = tf.subtract(image, 0.5)
    image = tf.multiply(image, 2.0)
    return image


def parse_example_proto(example_serialized):
    """Parses an Example proto containing a training example of an image."""
    feature_map = {
        'image/encoded': tf.FixedLenFeature([], dtype=tf.string, default_value=''),
        'image/class/label': tf.FixedLenFeature([1], dtype=tf.int64, default_value=-1),
        'image/class/text': tf.FixedLenFeature([], dtype=tf.string, default_value=''),
    }
    features = tf.parse_single_example(example_serialized, feature_map)
    label = tf.cast(features['image/class/label'], dtype=tf.int32)
    return features['image/encoded'], label, features['image/class/text']


def batch_inputs(dataset, batch_size, train, num_preprocess_threads=None, num_readers=1):
    """Contruct batches of training or evaluation examples from the image dataset."""
    with tf.name_scope('batch_processing'):
        data_files = dataset.data_files()

        # Create filename_queue
        if train:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=16)
        else:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1,
                                                            num_epochs=1)
        if num_preprocess_threads is None:
            num_preprocess_threads = 2

        if num_preprocess_threads % 2:
            raise ValueError('Please make num_preprocess_threads a multiple of 2 (%d % 2 != 0).',
                             num_preprocess_threads)

        if num_readers is None:
            num_readers = 1

        if num_readers != 1:
            raise ValueError('This example reads with one reader.')
        reader = dataset.reader()
        _, example_serialized = reader.read(filename_queue)

        images_and_labels = []
        for thread_id in range(num_preprocess_threads):
            # Parse a serialized Example proto to extract the image and metadata.
            image_buffer, label_index, text = parse_example_proto(example_serialized)
            image = image_preprocessing(image_buffer, train, thread_id)
            images_and_labels.append([image, label_index, text])

        images, label_index_batch, text_batch = tf.train.batch_join(
            images_and_labels,
            batch_size=batch_size,
            capacity=2 * num_preprocess_threads * batch_size)

        # Reshape images into these desired dimensions.
        height = IMAGE_SIZE
        width = IMAGE_SIZE
        depth = 3

        images = tf.cast(images, tf.float32)
        images = tf.reshape(images, shape=[batch_size, height, width, depth])

        # Display the training images in the visualizer.
        tf.summary.image('images', images)

        return images, tf.reshape(label_index_batch, [batch_size]), text_batch


def inputs(dataset, batch_size=None, num_preprocess_threads=None):
    """Generate batches of images for evaluation."""
    # Force all input processing onto CPU in order to reserve the GPU for
    # the forward inference and back-propagation.
    with tf.device('/cpu:0'):
        images, labels, texts = batch_inputs(
            dataset, batch_size, train=False,
            num_preprocess_threads=num_preprocess_threads,
            num_readers=1)
    return images, labels, texts
