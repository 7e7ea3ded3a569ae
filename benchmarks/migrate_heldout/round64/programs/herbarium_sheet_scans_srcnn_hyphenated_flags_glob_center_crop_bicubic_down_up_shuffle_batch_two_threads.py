"""
SRCNN super-resolution on herbarium sheet scans (pressed-plant specimens): training images are centre-cropped,
shrunk by the upscaling factor and blown up again with bicubic interpolation, and the (low, high) pairs are
shuffled into batches.
"""
import glob
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf


class _Flags(object):
    """Stands in for tf.app.flags (hyphenated names are read with getattr)."""

    def __init__(self, values):
        self.__dict__.update(values)


# tf.app.flags.DEFINE_string('ckpt-dir-path', './ckpts/', '')
# tf.app.flags.DEFINE_string('logs-dir-path', './logs/', '')
# tf.app.flags.DEFINE_string('training-images-path', None, '')
# tf.app.flags.DEFINE_boolean('train', False, '')
# tf.app.flags.DEFINE_integer('batch-size', 64, '')
# tf.app.flags.DEFINE_integer('upscaling-factor', 3, '')
# tf.app.flags.DEFINE_integer('crop-image-size', 256, '')
# tf.app.flags.DEFINE_integer('crop-image-side', 6, '')
# tf.app.flags.DEFINE_integer('srcnn-fsub', 33, '')
FLAGS = _Flags({
    'ckpt-dir-path': './ckpts/',
    'logs-dir-path': './logs/',
    'training-images-path': None,
    'train': True,
    'batch-size': 4,
    'upscaling-factor': 2,
    'crop-image-size': 4,
    'crop-image-side': 6,
    'srcnn-fsub': 4,
    'srcnn-f1': 1,
})


def _write_png(path, arr):
    h, w, c = arr.shape
    raw = b''.join(b'\x00' + arr[y].astype(np.uint8).tobytes() for y in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)

    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
    with open(path, 'wb') as f:
        f.write(png)


def build_image_batch():
    """
    """
    paths_png_wildcards = os.path.join(getattr(FLAGS, 'training-images-path'), '*.png')

    paths_png = sorted(glob.glob(paths_png_wildcards))

    file_name_queue = tf.train.string_input_producer(paths_png, num_epochs=1, seed=64)

    reader = tf.WholeFileReader()

    reader_key, reader_val = reader.read(file_name_queue)

    image = tf.image.decode_png(reader_val, channels=3)

    # NOTE: the original crops at random; the scans are all the same size, so the centre is used.
    crop_size = getattr(FLAGS, 'crop-image-size')
    image = tf.image.resize_image_with_crop_or_pad(image, crop_size, crop_size)

    image = tf.image.convert_image_dtype(image, tf.float32)

    # shrink by the upscaling factor, then back to the crop size: the network learns the residual detail
    scale = getattr(FLAGS, 'upscaling-factor')
    lr_image = tf.image.resize_bicubic([image], [crop_size // scale, crop_size // scale])
    lr_image = tf.image.resize_bicubic(lr_image, [crop_size, crop_size])[0]

    return tf.train.shuffle_batch(
        tensors=[lr_image, image],
        batch_size=getattr(FLAGS, 'batch-size'),
        capacity=24,
        min_after_dequeue=8,
        num_threads=2,
        seed=64)


def build_srcnn(lr_batch):
    f1 = getattr(FLAGS, 'srcnn-f1')
    weights = tf.get_variable('srcnn_w1', [f1, f1, 3, 3],
                              initializer=tf.constant_initializer(1.0 / 3))
    return tf.nn.conv2d(lr_batch, weights, strides=[1, 1, 1, 1], padding='SAME')


def main(data_dir):
    images_path = os.path.join(data_dir, 'h64_herbarium_scans')
    os.makedirs(images_path, exist_ok=True)
    rng = np.random.RandomState(64)
    for i in range(12):
        _write_png(os.path.join(images_path, 'sheet_%04d.png' % (1000 + i)),
                   rng.randint(0, 256, size=(getattr(FLAGS, 'crop-image-side'), 6, 3)))
    setattr(FLAGS, 'training-images-path', images_path)

    lr_batch, hr_batch = build_image_batch()
    sr_batch = build_srcnn(lr_batch)
    psnr = tf.image.psnr(tf.clip_by_value(sr_batch, 0., 1.), hr_batch, max_val=1.0)

    batches = []
    with tf.Session() as session:
        session.run(tf.global_variables_initializer())
        session.run(tf.local_variables_initializer())

        coord = tf.train.Coordinator()

        threads = tf.train.start_queue_runners(sess=session, coord=coord)

        try:
            while True:
                lr, hr, p = session.run([lr_batch, hr_batch, psnr])
                batches.append([np.round(lr, 3).tolist(), np.round(hr, 3).tolist(), np.round(p, 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass

        coord.request_stop()

        coord.join(threads)
    return {"batches": batches, "end": "herbarium crops: %d" % sum(len(b[0]) for b in batches)}
