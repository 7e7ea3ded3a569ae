"""The reader helper in a package module, returning a record object (attributes key and image); its file
list is logged and printed before the producer; two callers batch their own records."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from fixG_lib import frames

NAME = 'fixG_lib_record_object'
SHAPE = [2, 3]


def write(folder, seed, n):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(seed)
    for i in range(n):
        with open(os.path.join(folder, 'r_%02d.raw' % i), 'wb') as f:
            f.write(rng.randint(0, 256, size=SHAPE).astype(np.uint8).tobytes())


def train_batches(root):
    rec = frames.load(os.path.join(root, 'train'), SHAPE)
    return tf.train.batch([rec.image, rec.key], batch_size=2, num_threads=1, capacity=4)


def eval_batches(root):
    rec = frames.load(os.path.join(root, 'eval'), SHAPE)
    return tf.train.batch([rec.image, rec.key], batch_size=2, num_threads=1, capacity=4)


def main(data_dir):
    root = os.path.join(data_dir, NAME)
    write(os.path.join(root, 'train'), 74, 6)
    write(os.path.join(root, 'eval'), 75, 4)
    train_images, train_keys = train_batches(root)
    eval_images, eval_keys = eval_batches(root)

    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            a, k = sess.run([train_images, train_keys])
            batches.append([a.tolist(), [os.path.basename(x.decode()) for x in k]])
    except tf.errors.OutOfRangeError:
        pass
    try:
        while True:
            a, k = sess.run([eval_images, eval_keys])
            batches.append([a.tolist(), [os.path.basename(x.decode()) for x in k]])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
