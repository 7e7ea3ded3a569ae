import os
from glob import glob
import tensorflow as tf


def get_loader(root, batch_size, scale_size, data_format, split=None, is_grayscale=False, seed=None):
    dataset_name = os.path.basename(root)
    if dataset_name in ['CelebA'] and split:
        root = os.path.join(root, 'splits', split)

    for ext in ["jpg", "png"]:
        paths = glob("{}/*.{}".format(root, ext))

        if ext == "jpg":
            tf_decode = tf.image.decode_jpeg
        elif ext == "png":
            tf_decode = tf.image.decode_png

        if len(paths) != 0:
            break
    paths = sorted(paths)

    filename_queue = tf.compat.v1.train.string_input_producer(list(paths), shuffle=False, seed=seed)
    reader = tf.compat.v1.WholeFileReader()
    filename, data = reader.read(filename_queue)
    image = tf_decode(data, channels=3)

    if is_grayscale:
        image = tf.image.rgb_to_grayscale(image)
    image.set_shape([4, 4, 3])
    shape = [4, 4, 3]

    min_after_dequeue = 5
    capacity = min_after_dequeue + 3 * batch_size

    queue = tf.compat.v1.train.batch(
        [image], batch_size=batch_size,
        num_threads=1, capacity=capacity, name='synthetic_inputs')

    if dataset_name in ['CelebA']:
        queue = tf.image.crop_to_bounding_box(queue, 1, 1, 2, 2)
        queue = tf.compat.v1.image.resize_nearest_neighbor(queue, [scale_size, scale_size])
    else:
        queue = tf.compat.v1.image.resize_nearest_neighbor(queue, [scale_size, scale_size])

    if data_format == 'NCHW':
        queue = tf.transpose(queue, [0, 3, 1, 2])
    elif data_format == 'NHWC':
        pass
    else:
        raise Exception("[!] Unkown data_format: {}".format(data_format))

    return tf.cast(queue, tf.float32)
