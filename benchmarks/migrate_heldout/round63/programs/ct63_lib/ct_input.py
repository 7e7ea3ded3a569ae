import os

import tensorflow.compat.v1 as tf

from ct63_lib.config import FLAGS

LABEL_BYTES = 1


def read_ct(filename_queue):
    class CTRecord(object):
        pass
    result = CTRecord()
    result.height = FLAGS.slice_size
    result.width = FLAGS.slice_size
    pixel_bytes = result.height * result.width * 2  # int16 Hounsfield units
    record_bytes = LABEL_BYTES + pixel_bytes + 1  # one pad byte keeps slices even
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=FLAGS.header_bytes)
    result.key, value = reader.read(filename_queue)
    raw = tf.decode_raw(value, tf.uint8)
    result.label = tf.cast(tf.strided_slice(raw, [0], [LABEL_BYTES]), tf.int32)
    pixels = tf.substr(value, LABEL_BYTES + 1, pixel_bytes)
    hu = tf.decode_raw(pixels, tf.int16)
    result.hu = tf.reshape(hu, [result.height, result.width])
    return result


def window_level(hu, center=-600.0, width=1500.0):
    low = center - width / 2.0
    img = (tf.cast(hu, tf.float32) - low) / width
    return tf.clip_by_value(img, 0.0, 1.0)


def inputs(data_dir, batch_size):
    filenames = [os.path.join(data_dir, 'series_%d.bin' % i) for i in range(2)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    read_input = read_ct(filename_queue)
    image = window_level(read_input.hu)
    image = tf.expand_dims(image, -1)
    label = tf.reshape(read_input.label, [])
    images, label_batch = tf.train.batch(
        [image, label], batch_size=batch_size,
        num_threads=FLAGS.num_preprocess_threads,
        capacity=3 * batch_size)
    return images, label_batch
