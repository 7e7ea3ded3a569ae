"""Colourising grey oyster-bed survey frames: the network sees L and predicts a / b.

An image list file (`path label` per line, the label is the bed number) is read in Python by
`read_image_path`; a slice producer hands out (path, label) pairs; `load_image_from_path` reads,
decodes and resizes each frame and converts it to Lab through `tf.py_func` (numpy, where the
source used skimage.color). One-thread `tf.train.batch`.
"""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

NAME = 'h56_oyster_bed_survey_colorization_read_image_path_slice_producer_pyfunc_rgb_to_lab_l_ab_batch'
IMAGE_SIZE = 4


def _png(path, arr):
    h, w, _ = arr.shape
    raw = b''.join(b'\x00' + arr[r].tobytes() for r in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def read_image_path(image_path_file):
    image_path = []
    image_labels = []
    with open(image_path_file) as fin:
        for line in fin:
            ss = line.split()
            if len(ss) < 2:
                continue
            image_path.append(ss[0])
            image_labels.append(int(ss[1]))
    return image_path, image_labels


def _rgb2lab(rgb):
    """sRGB (uint8) -> CIE Lab (D65), the formula skimage.color.rgb2lab uses."""
    c = rgb.astype(np.float64) / 255.0
    c = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    m = np.array([[0.412453, 0.357580, 0.180423],
                  [0.212671, 0.715160, 0.072169],
                  [0.019334, 0.119193, 0.950227]])
    xyz = c.dot(m.T) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16.0 / 116.0)
    L = 116.0 * f[..., 1] - 16.0
    a = 500.0 * (f[..., 0] - f[..., 1])
    b = 200.0 * (f[..., 1] - f[..., 2])
    return np.round(np.stack([L, a, b], axis=-1), 3).astype(np.float32)


def rgb_to_lab_split(image_array):
    lab = _rgb2lab(image_array)
    return lab[:, :, :1] / 100.0, lab[:, :, 1:] / 128.0


def load_image_from_path(input_queue):
    image_label = input_queue[1]
    image_array = tf.image.decode_png(tf.read_file(input_queue[0]), channels=3)
    image_array = tf.image.resize_images(image_array, [IMAGE_SIZE, IMAGE_SIZE],
                                         method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image_array = tf.cast(image_array, tf.uint8)
    image_l, image_ab = tf.py_func(rgb_to_lab_split, [image_array], [tf.float32, tf.float32])
    image_l.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    image_ab.set_shape([IMAGE_SIZE, IMAGE_SIZE, 2])
    return image_l, image_ab, image_label


def get_batch(image_path_file, batch_size):
    image_path, image_labels = read_image_path(image_path_file)
    input_queue = tf.train.slice_input_producer([image_path, image_labels], shuffle=False, num_epochs=1)
    image_l, image_ab, image_label = load_image_from_path(input_queue)
    return tf.train.batch([image_l, image_ab, image_label], batch_size=batch_size, num_threads=1,
                          capacity=2 * batch_size, allow_smaller_final_batch=True)


def write_survey(root):
    if not os.path.exists(root):
        os.makedirs(root)
    rng = np.random.RandomState(5610)
    lines = []
    for i in range(8):
        frame = rng.randint(0, 256, size=(8, 8, 3)).astype(np.uint8)
        path = os.path.join(root, 'bed%d_frame%02d.png' % (i % 3, i))
        _png(path, frame)
        lines.append('%s %d' % (path, i % 3))
    list_file = os.path.join(root, 'train.txt')
    with open(list_file, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return list_file


def main(data_dir):
    list_file = write_survey(os.path.join(data_dir, NAME))
    l_batch, ab_batch, label_batch = get_batch(list_file, 3)
    w = tf.get_variable('colour_w', [1, 2], initializer=tf.constant_initializer(0.1))
    pred_ab = tf.tensordot(l_batch, w, axes=[[3], [0]])
    loss = tf.reduce_mean(tf.square(pred_ab - ab_batch))
    train_step = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                _, l, ab, lab = sess.run([train_step, l_batch, ab_batch, label_batch])
                batches.append([np.round(l.astype(np.float64), 4).tolist(),
                                np.round(ab.astype(np.float64), 4).tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "frames: %d" % sum(len(b[2]) for b in batches)}
