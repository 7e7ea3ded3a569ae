#!/usr/bin/env python
# Held-out round 71: yurt felt-panel photographs with albedo and shading targets (an intrinsic-image research
# project), read through ``yurt71_intrinsic.input_queues.YurtDataInputQueue`` -- an abstract ``DataInputQueue`` with a
# ``*_data_list.csv`` producer, ``read_image`` by ``read_file`` + ``decode_image``, a joint random crop of the
# three images and a named two-thread ``shuffle_batch`` -- and a training loop of ``nr_data // batch_size``
# iterations per epoch inside a ``try`` / ``OutOfRangeError`` block.
# Writer changes: tiny seeded PNGs written by ``encode_png`` in a separate graph.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from yurt71_intrinsic.input_queues import YurtDataInputQueue

IMAGE_SHAPE = [4, 4, 3]


def _write_data(folder):
    rng = np.random.RandomState(71)
    lines = []
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [4, 4, 3])
        png = tf.image.encode_png(pixels)
        with tf.Session() as sess:
            for i in range(8):
                sub = os.path.join(folder, 'train', str(i % 2))
                os.makedirs(sub, exist_ok=True)
                names = []
                for kind in ['clean', 'albedo', 'shading']:
                    name = 'train/%d/%s_%02d.png' % (i % 2, kind, i)
                    data = sess.run(png, {pixels: rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)})
                    with open(os.path.join(folder, name), 'wb') as f:
                        f.write(data)
                    names.append(name)
                lines.append(','.join(names))
    path = os.path.join(folder, 'train_data_list.csv')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return path


def main(data_dir):
    folder = os.path.join(data_dir, 'h71_yurt')
    path_csv_file = _write_data(folder)

    train_queue = YurtDataInputQueue(path_csv_file=path_csv_file, batch_size=4, num_epochs=1)
    images, albedo, shading = train_queue.next_batch(image_shape=IMAGE_SHAPE, data_augmentation=False)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for epoch in range(train_queue.num_epochs):
                for i in range(train_queue.nr_data // train_queue.batch_size):
                    img, alb, sha = sess.run([images, albedo, shading])
                    batches.append([np.round(img, 3).tolist(), np.round(alb, 3).tolist(),
                                    np.round(sha, 3).tolist()])
        except tf.errors.OutOfRangeError:
            print('Done training -- epoch limit reached')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "felt panels: %d" % sum(len(b[0]) for b in batches)}
