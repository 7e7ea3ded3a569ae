"""A super-resolution style image input: a folder of PNGs, `setup_inputs(filenames, image_size,
capacity_factor)` making a `WholeFileReader` before its filename queue, decoding, making a low-resolution
`feature` and a full-resolution `label` from each image and batching both; queue APIs through
`from tensorflow.compat.v1 import train`; a Supervisor loop of steps_per_epoch * max_epochs steps.
"""

from __future__ import absolute_import, division, print_function

import collections
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

Flags = collections.namedtuple('Flags', 'dataset batch_size image_size max_epochs')


def prepare_dirs(flags):
    filenames = tf.gfile.ListDirectory(flags.dataset)
    filenames = sorted(f for f in filenames if f.endswith('.png'))
    if not filenames:
        raise FileNotFoundError('No training images found in %s' % flags.dataset)
    return [os.path.join(flags.dataset, f) for f in filenames]


def setup_inputs(filenames, image_size=None, capacity_factor=3, flags=None, num_epochs=None):
    """Parse filenames into batches of low-resolution features and full-resolution labels."""
    if not image_size:
        image_size = flags.image_size
    reader = tf.WholeFileReader()
    filename_queue = train.string_input_producer(filenames, shuffle=False, num_epochs=num_epochs)
    k, v = reader.read(filename_queue)
    channels = 1
    image = tf.image.decode_png(v, channels=channels, name='dataset_image')
    image.set_shape([None, None, channels])

    image = tf.image.resize_image_with_crop_or_pad(image, image_size, image_size)
    label = tf.image.convert_image_dtype(image, tf.float32)
    feature = tf.image.resize_images(label, [image_size // 2, image_size // 2],
                                     method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    feature.set_shape([image_size // 2, image_size // 2, channels])

    # Using asynchronous queues
    features, labels = train.batch([feature, label],
                                   batch_size=flags.batch_size,
                                   num_threads=1,
                                   capacity=capacity_factor * flags.batch_size,
                                   name='labels_and_features')
    return features, labels


def main(data_dir):
    flags = Flags(dataset=data_dir, batch_size=4, image_size=4, max_epochs=2)
    filenames = prepare_dirs(flags)
    features, labels = setup_inputs(filenames, flags=flags, num_epochs=flags.max_epochs)
    steps_per_epoch = len(filenames) // flags.batch_size + (1 if len(filenames) % flags.batch_size else 0)
    max_steps = (len(filenames) * flags.max_epochs) // flags.batch_size

    global_step = train.get_or_create_global_step()
    incr_global_step = tf.assign(global_step, global_step + 1)

    batches = []
    sv = train.Supervisor(logdir=None, save_summaries_secs=0, saver=None)
    with sv.managed_session() as sess:
        tf.logging.info('steps per epoch %d, max steps %d', steps_per_epoch, max_steps)
        for step in range(max_steps):
            if sv.should_stop():
                break
            f, l, _ = sess.run([features, labels, incr_global_step])
            batches.append([f.tolist(), l.tolist()])
    return {"batches": batches, "end": "steps"}
