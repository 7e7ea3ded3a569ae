"""CRNN text-line reader: variable-width line images, labels as char ids, padded batches, sparse targets."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

CHARSET = '0123456789abcdefghijklmnopqrstuvwxyz'
CHAR_TO_ID = {c: i + 1 for i, c in enumerate(CHARSET)}
HEIGHT = 4


class Flags(object):
    batch_size = 3
    max_width = 12


def str_to_ids(text):
    return np.array([CHAR_TO_ID[c] for c in text.decode('utf-8')], dtype=np.int32)


def write_lines(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    words = ['ab12', 'hello', 'x9', 'crnn', 'tf1', 'queue7', 'ocr']
    with tf.python_io.TFRecordWriter(os.path.join(out_dir, 'lines.tfrecord')) as w:
        for k, word in enumerate(words):
            width = 2 * len(word)
            img = ((np.arange(HEIGHT * width) + 7 * k) % 255).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                'image/width': tf.train.Feature(int64_list=tf.train.Int64List(value=[width])),
                'image/text': tf.train.Feature(bytes_list=tf.train.BytesList(value=[word.encode()])),
            }))
            w.write(ex.SerializeToString())
    return os.path.join(out_dir, 'lines.tfrecord')


def read_line(filename_queue):
    _, serialized = tf.TFRecordReader().read(filename_queue)
    feats = tf.parse_single_example(serialized, {
        'image/encoded': tf.FixedLenFeature([], tf.string),
        'image/width': tf.FixedLenFeature([], tf.int64),
        'image/text': tf.FixedLenFeature([], tf.string),
    })
    width = tf.cast(feats['image/width'], tf.int32)
    image = tf.reshape(tf.decode_raw(feats['image/encoded'], tf.uint8), [HEIGHT, width, 1])
    image = tf.image.convert_image_dtype(image, tf.float32)
    label = tf.py_func(str_to_ids, [feats['image/text']], tf.int32, stateful=False)
    label.set_shape([None])
    return image, label, width, tf.shape(label)[0]


def dense_to_sparse(labels, lengths):
    mask = tf.sequence_mask(lengths, tf.shape(labels)[1])
    indices = tf.where(mask)
    return tf.SparseTensor(indices, tf.gather_nd(labels, indices), tf.shape(labels, out_type=tf.int64))


def main(data_dir):
    path = write_lines(os.path.join(data_dir, 'h28_crnn_ocr_variable_width_dynamic_pad_sparse_labels'))
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    image, label, width, length = read_line(queue)
    images, labels, widths, lengths = tf.train.batch(
        [image, label, width, length], batch_size=Flags.batch_size, dynamic_pad=True,
        allow_smaller_final_batch=True, capacity=16)
    targets = dense_to_sparse(labels, lengths)

    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                im, sp, wd = sess.run([images, targets, widths])
                out.append([list(im.shape), round(float(im.sum()), 3), wd.tolist(),
                            sp.indices.tolist(), sp.values.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRange'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': out, 'end': end}
