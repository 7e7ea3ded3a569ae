import os

import tensorflow.compat.v1 as tf

from sled65_lib import hyper_parameters as hp

# one reader for both pipelines
reader = None


def _reader():
    global reader
    if reader is None:
        reader = tf.WholeFileReader()
    return reader


def read_photo(filename_queue):
	key, value = _reader().read(filename_queue)
	image = tf.decode_raw(value, tf.uint8)
	image = tf.reshape(image, [hp.IMAGE_SIZE, hp.IMAGE_SIZE, hp.CHANNELS])
	image = tf.cast(image, tf.float32) * (1. / 255) - 0.5
	name = tf.string_split([key], "/").values
	dog = tf.string_to_number(tf.string_split([name[-1]], "_").values[0], out_type=tf.int32)
	return image, dog


def get_batches():
	train_files = sorted(os.path.join(hp.DATA_ROOT, "train", f) for f in os.listdir(os.path.join(hp.DATA_ROOT, "train")))
	test_files = sorted(os.path.join(hp.DATA_ROOT, "test", f) for f in os.listdir(os.path.join(hp.DATA_ROOT, "test")))
	train_queue = tf.train.string_input_producer(train_files, num_epochs=1, shuffle=False)
	test_queue = tf.train.string_input_producer(test_files, num_epochs=1, shuffle=False)
	train_image, train_label = read_photo(train_queue)
	test_image, test_label = read_photo(test_queue)
	train_image_batch, train_label_batch = tf.train.batch([train_image, train_label], batch_size=hp.BATCH_SIZE)
	test_image_batch, test_label_batch = tf.train.batch([test_image, test_label], batch_size=hp.TEST_BATCH_SIZE)
	return train_image_batch, train_label_batch, test_image_batch, test_label_batch
