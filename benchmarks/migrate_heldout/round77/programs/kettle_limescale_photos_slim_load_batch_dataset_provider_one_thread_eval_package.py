"""Kettle limescale photos through the TF-Slim fine-tuning layout of an unnamed excerpt: `load_batch(dataset,
batch_size=32, height=299, width=299, is_training=False)` with its "Loads a single batch of data." docstring,
`slim.dataset_data_provider.DatasetDataProvider(dataset, common_queue_capacity=32, common_queue_min=8)`,
`image_raw, label = data_provider.get(['image', 'label'])`, preprocessing, `tf.train.batch([image, image_raw,
label], batch_size=batch_size, num_threads=1, capacity=2 * batch_size)`. Slim itself is a stand-in
(`kettle77/slim_lite.py`); `inception_preprocessing` became a crop-or-pad and scaling; the eval run takes one
epoch of the validation split with `allow_smaller_final_batch`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from kettle77 import kettles


def load_batch(dataset, batch_size=32, height=299, width=299, is_training=False):
    """Loads a single batch of data.

    Args:
      dataset: The dataset to load.
      batch_size: The number of images in the batch.
      height: The size of each image after preprocessing.
      width: The size of each image after preprocessing.
      is_training: Whether or not we're currently training or evaluating.

    Returns:
      images: A Tensor of size [batch_size, height, width, 3], image samples that have been preprocessed.
      images_raw: A Tensor of size [batch_size, height, width, 3], image samples that can be used for visualization.
      labels: A Tensor of size [batch_size], whose values range between 0 and dataset.num_classes.
    """
    data_provider = kettles.slim.DatasetDataProvider(
        dataset, common_queue_capacity=32, common_queue_min=8, shuffle=is_training,
        num_epochs=None if is_training else 1)
    image_raw, label = data_provider.get(['image', 'label'])

    # Preprocess image for usage by the model.
    image = tf.image.resize_image_with_crop_or_pad(image_raw, height, width)
    image = tf.cast(image, tf.float32) / 255.0

    # Preprocess the image for display purposes.
    image_raw = tf.expand_dims(image_raw, 0)
    image_raw = tf.image.resize_images(image_raw, [height, width], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image_raw = tf.squeeze(image_raw)

    # Batch it up.
    images, images_raw, labels = tf.train.batch(
        [image, image_raw, label],
        batch_size=batch_size,
        num_threads=1,
        capacity=2 * batch_size,
        allow_smaller_final_batch=not is_training)

    return images, images_raw, labels


def write_split(path, n, seed):
    rng = np.random.RandomState(seed)
    writer = tf.python_io.TFRecordWriter(path)
    for _ in range(n):
        img = rng.randint(0, 256, size=(5, 5, 3)).astype(np.uint8)
        example = tf.train.Example(features=tf.train.Features(feature={
            'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
            'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[rng.randint(0, 3)])),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def main(data_dir):
    dataset_dir = os.path.join(data_dir, 'h77_kettle')
    os.makedirs(dataset_dir, exist_ok=True)
    write_split(os.path.join(dataset_dir, 'kettles_validation.tfrecord'), kettles.SPLITS_TO_SIZES['validation'], 7711)

    dataset = kettles.get_split('validation', dataset_dir)
    images, images_raw, labels = load_batch(dataset, batch_size=3, height=4, width=4)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, raw, lb = sess.run([images, images_raw, labels])
                batches.append([np.round(im, 3).tolist(), raw.tolist(), lb.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'kettles: %d' % sum(len(b[2]) for b in batches)}
