"""Train and test image queues for the GAN: `get_batches(data_dir)` returns four batch tensors."""

import glob
import os

import tensorflow.compat.v1 as tf

from loader_lib.hyper_parameters import *  # noqa: F401,F403

__all__ = ["get_batches"]


def _read_image(filename_queue):
    reader = tf.WholeFileReader()
    key, contents = reader.read(filename_queue)
    image = tf.image.decode_png(contents, channels=1)
    image = tf.reshape(image, [IMAGE_SIZE, IMAGE_SIZE, 1])  # noqa: F405
    image = tf.cast(image, tf.float32) / 127.5 - 1.0
    return image, key


def get_batches(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    train_files, test_files = files[:4], files[4:]

    train_queue = tf.train.string_input_producer(train_files, num_epochs=NUM_EPOCHS, shuffle=True,  # noqa: F405
                                                 seed=SEED)  # noqa: F405
    train_image, train_key = _read_image(train_queue)
    train_image_batch, train_label_batch = tf.train.shuffle_batch(
        [train_image, train_key], BATCH_SIZE,  # noqa: F405
        capacity=MIN_AFTER_DEQUEUE + 3 * BATCH_SIZE,  # noqa: F405
        min_after_dequeue=MIN_AFTER_DEQUEUE, num_threads=2, seed=SEED,  # noqa: F405
        allow_smaller_final_batch=True)

    test_queue = tf.train.string_input_producer(test_files, shuffle=False)  # endless: sampled now and then
    test_image, test_key = _read_image(test_queue)
    test_image_batch, test_label_batch = tf.train.batch([test_image, test_key], TEST_BATCH_SIZE)  # noqa: F405
    return train_image_batch, train_label_batch, test_image_batch, test_label_batch
