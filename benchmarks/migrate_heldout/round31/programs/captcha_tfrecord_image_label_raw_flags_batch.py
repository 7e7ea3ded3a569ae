"""Captcha recognition: read the captcha TFRecords (image and label raw bytes) and batch them."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class FLAGS(object):
    captcha_dir = None  # set in main
    batch_size = 3
    label_num = 4
    letter_num = 26


def write_captchas(path):
    rng = np.random.RandomState(404)
    with tf.io.TFRecordWriter(path) as writer:
        for _ in range(7):
            image = rng.randint(0, 256, size=(2, 5, 3)).astype(np.uint8)
            label = rng.randint(0, 26, size=4).astype(np.uint8)
            example = tf.train.Example(features=tf.train.Features(feature={
                'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                'label': tf.train.Feature(bytes_list=tf.train.BytesList(value=[label.tobytes()])),
            }))
            writer.write(example.SerializeToString())


def read_and_decode():
    """Reads the captcha data; returns image_batch, label_batch."""
    file_queue = tf.train.string_input_producer([FLAGS.captcha_dir], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    key, value = reader.read(file_queue)
    features = tf.parse_single_example(value, features={
        'image': tf.FixedLenFeature([], tf.string),
        'label': tf.FixedLenFeature([], tf.string),
    })
    image = tf.decode_raw(features['image'], tf.uint8)
    label = tf.decode_raw(features['label'], tf.uint8)
    image_reshape = tf.reshape(image, [2, 5, 3])
    label_reshape = tf.reshape(label, [FLAGS.label_num])
    image_batch, label_batch = tf.train.batch([image_reshape, label_reshape], batch_size=FLAGS.batch_size,
                                              num_threads=1, capacity=FLAGS.batch_size * 4,
                                              allow_smaller_final_batch=True)
    return image_batch, label_batch


def change_to_onehot(label_batch):
    return tf.one_hot(tf.cast(label_batch, tf.int32), depth=FLAGS.letter_num, on_value=1.0, axis=2)


def captcha_rec():
    image_batch, label_batch = read_and_decode()
    x = tf.reshape(tf.cast(image_batch, tf.float32), [-1, 2 * 5 * 3])
    y_true = change_to_onehot(label_batch)
    return x, y_true, label_batch


def main(data_dir):
    folder = os.path.join(data_dir, 'h31_captcha_tfrecords')
    os.makedirs(folder, exist_ok=True)
    FLAGS.captcha_dir = os.path.join(folder, 'captcha.tfrecords')
    write_captchas(FLAGS.captcha_dir)

    x, y_true, label_batch = captcha_rec()
    letters = tf.argmax(y_true, axis=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        i = 0
        try:
            while not coord.should_stop():
                xs, ls = sess.run([x, letters])
                batches.append({'x_sum': xs.sum(1).astype(int).tolist(),
                                'text': [''.join(chr(65 + c) for c in row) for row in ls.tolist()]})
                i += 1
        except tf.errors.OutOfRangeError:
            end = 'read %d batches' % i
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
