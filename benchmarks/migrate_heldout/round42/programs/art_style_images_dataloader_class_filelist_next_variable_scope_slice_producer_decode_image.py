import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf


class DataLoader:
    def __init__(self, filename, im_size, batch_size):
        self.filelist = open(filename, 'rt').read().splitlines()

        if not self.filelist:
            exit('\nError: file list is empty\n')

        self.im_size = im_size
        self.batch_size = batch_size
        self.data_queue = None

    def next(self):
        with tf.variable_scope('feed'):
            filelist_tensor = tf.convert_to_tensor(self.filelist, dtype=tf.string)
            self.data_queue = tf.train.slice_input_producer([filelist_tensor], shuffle=False, num_epochs=1)

            im_gt = tf.image.decode_image(tf.read_file(self.data_queue[0]), channels=3)
            # im_gt = tf.cast(im_gt, tf.float32)
            im_gt.set_shape([None, None, 3])
            im_gt = tf.image.resize_images(im_gt, [self.im_size, self.im_size],
                                           method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
            im_gt = tf.cast(im_gt, tf.float32) / 255.0
            im_lr = tf.image.resize_images(im_gt, [self.im_size // 2, self.im_size // 2],
                                           method=tf.image.ResizeMethod.AREA)

            batch_gt, batch_lr, batch_names = tf.train.batch(
                [im_gt, im_lr, self.data_queue[0]], batch_size=self.batch_size,
                allow_smaller_final_batch=True)

        return batch_gt, batch_lr, batch_names


def _png(arr):
    arr = np.asarray(arr, np.uint8)
    h, w = arr.shape[:2]
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _make_style_set(root):
    rng = np.random.RandomState(4204)
    names = []
    for i, style in enumerate(['ukiyoe', 'cubism', 'baroque', 'fauvism', 'impressionism', 'pointillism', 'ink']):
        path = os.path.join(root, '%s_%d.png' % (style, i))
        with open(path, 'wb') as f:
            f.write(_png(rng.randint(0, 256, size=(4 + i % 3, 4 + (i + 1) % 3, 3))))
        names.append(path)
    list_file = os.path.join(root, 'train_list.txt')
    with open(list_file, 'wt') as f:
        f.write('\n'.join(names) + '\n')
    return list_file


def main(data_dir):
    root = os.path.join(data_dir, 'h42_art_style_dataloader')
    if not os.path.isdir(root):
        os.makedirs(root)
    list_file = _make_style_set(root)

    loader = DataLoader(list_file, im_size=4, batch_size=3)
    im_gt, im_lr, names = loader.next()

    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    batches = []
    try:
        while True:
            gt, lr, nm = sess.run([im_gt, im_lr, names])
            batches.append([np.round(gt.astype(np.float64), 4).tolist(),
                            np.round(lr.astype(np.float64), 4).tolist(),
                            [os.path.basename(n.decode()) for n in nm]])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "style images: %d" % sum(len(b[2]) for b in batches)}
