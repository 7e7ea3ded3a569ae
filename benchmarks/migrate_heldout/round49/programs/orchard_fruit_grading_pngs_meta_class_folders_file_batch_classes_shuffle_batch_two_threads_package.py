from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from orchard49_lib.net import Batch, File, Meta
from orchard49_lib.pngs import write_png

GRADES = ['extra_class', 'class_one', 'class_two']


def make_fixtures(image_dir):
    rng = np.random.RandomState(4949)
    for g, grade in enumerate(GRADES):
        d = os.path.join(image_dir, grade)
        if not os.path.isdir(d):
            os.makedirs(d)
        for k in range(4):
            px = rng.randint(0, 256, size=(4, 4, 3))
            px[..., 0] = 200 - 40 * g  # redder apples grade higher
            write_png(os.path.join(d, 'apple_%02d.png' % k), px.tolist())
        open(os.path.join(d, '.DS_Store'), 'w').close()


def main(data_dir):
    root = os.path.join(data_dir, 'h49_orchard_grading')
    image_dir = os.path.join(root, 'images')
    make_fixtures(image_dir)

    meta = Meta.train(image_dir, working_dir=os.path.join(root, 'work'))
    file = File(image_dir, meta)
    image = file.decode()
    batch = Batch().train(image, file.label)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                images, labels = sess.run([batch.images, batch.labels])
                batches.append([np.round(images.astype(np.float64), 4).tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            print('graded all fruit')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "fruit: %d in %d grades" % (sum(len(b[1]) for b in batches), len(meta.class_names))}
