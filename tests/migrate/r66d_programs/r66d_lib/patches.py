"""Grey patches of several sizes, and a loader that resizes / crops them by Python flags before batching."""
import numpy as np
import tensorflow.compat.v1 as tf

SIZES = [(4, 6), (6, 4), (5, 5), (4, 4), (6, 6), (5, 4), (4, 5), (6, 5)]


def write_patches(path):
    rng = np.random.RandomState(66)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i, (h, w) in enumerate(SIZES):
            raw = rng.randint(0, 256, size=(h, w)).astype(np.uint8).tobytes()
            writer.write(tf.train.Example(features=tf.train.Features(feature={
                'raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[raw])),
                'hw': tf.train.Feature(int64_list=tf.train.Int64List(value=[h, w])),
                'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))})).SerializeToString())


def _resize_smallest(image, side):
    shape = tf.shape(image)
    h, w = tf.to_float(shape[0]), tf.to_float(shape[1])
    scale = tf.cast(side, tf.float32) / tf.minimum(h, w)
    size = tf.to_int32(tf.stack([h * scale, w * scale]))
    return tf.image.resize_images(image, size, method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)


def patch_batches(path, batch_size=None, size=None, crop=False):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, {'raw': tf.FixedLenFeature([], tf.string),
                                                  'hw': tf.FixedLenFeature([2], tf.int64),
                                                  'id': tf.FixedLenFeature([], tf.int64)})
    hw = tf.cast(parsed['hw'], tf.int32)
    patch = tf.reshape(tf.decode_raw(parsed['raw'], tf.uint8), tf.concat([hw, [1]], 0))
    patch.set_shape([None, None, 1])
    if size:
        if crop:
            patch = _resize_smallest(patch, size + 1)
            patch = tf.image.resize_image_with_crop_or_pad(patch, size, size)
            patch.set_shape([size, size, 1])
        else:
            patch = _resize_smallest(patch, size)
            patch = tf.image.resize_image_with_crop_or_pad(patch, size, size + 1)
    patch = tf.cast(patch, tf.float32) / 255.0
    ident = parsed['id']
    sides = [hw[0], hw[1]]
    if batch_size is None:  # one patch per run, as a batch of one
        patch = tf.expand_dims(patch, 0)
    else:
        rows = tf.train.batch([patch, ident] + sides, batch_size=batch_size)
        patch, ident = rows[:2]
        sides = rows[2:]
    return patch, ident, dict(zip(('h', 'w'), sides))
