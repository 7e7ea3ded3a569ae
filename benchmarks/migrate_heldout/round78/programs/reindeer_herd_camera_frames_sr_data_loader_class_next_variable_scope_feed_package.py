"""Reindeer herd camera frames for a super-resolution model: a DataLoader class reading a file list, next()
under variable_scope('feed') (shuffled slice_input_producer, decode_image, AREA downscale, batch)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from rei78.data_loader import DataLoader

IM_SIZE = 4


def write_frames(out_dir):
    rng = np.random.RandomState(4078)
    paths = []
    with tf.Graph().as_default():
        ph = tf.placeholder(tf.uint8, [IM_SIZE, IM_SIZE, 3])
        png = tf.image.encode_png(ph)
        with tf.Session() as sess:
            for i in range(8):
                path = os.path.join(out_dir, 'herd_%03d.png' % i)
                with open(path, 'wb') as f:
                    f.write(sess.run(png, {ph: rng.randint(0, 256, size=(IM_SIZE, IM_SIZE, 3)).astype(np.uint8)}))
                paths.append(path)
    list_file = os.path.join(out_dir, 'train.txt')
    with open(list_file, 'w') as f:
        f.write('\n'.join(paths))
    return list_file


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_rei')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    list_file = write_frames(out_dir)

    loader = DataLoader(list_file, IM_SIZE, batch_size=2)
    im_lr, im_gt = loader.next()
    lr_mean = tf.reduce_mean(im_lr, axis=[1, 2, 3])
    gt_corner = im_gt[:, 0, 0, :]

    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    batches = []
    with tf.Session(config=config) as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while True:
                m, c = sess.run([lr_mean, gt_corner])
                batches.append([np.round(m.astype(np.float64), 3).tolist(), np.round(c.astype(np.float64), 3).tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print('done after %d steps' % step)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "frames: %d" % sum(len(b[0]) for b in batches)}
