"""Snowboard halfpipe frames for a BEGAN-style GAN: an argparse config module and get_loader() (glob of
pngs, seeded shuffled producer, WholeFileReader, four-thread shuffle_batch, NCHW transpose)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sno78.config import get_config
from sno78.data_loader import get_loader


def prepare_dirs(config, data_dir):
    config.data_path = os.path.join(data_dir, 'h78_sno', config.dataset)
    if not os.path.isdir(config.data_path):
        os.makedirs(config.data_path)
    rng = np.random.RandomState(config.random_seed)
    with tf.Graph().as_default():
        ph = tf.placeholder(tf.uint8, [4, 4, 3])
        png = tf.image.encode_png(ph)
        with tf.Session() as sess:
            for i in range(8):
                frame = rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)
                with open(os.path.join(config.data_path, 'run%02d.png' % i), 'wb') as f:
                    f.write(sess.run(png, {ph: frame}))


def main(data_dir):
    config, unparsed = get_config()
    prepare_dirs(config, data_dir)
    tf.set_random_seed(config.random_seed)

    data_loader = get_loader(config.data_path, config.batch_size, config.input_scale_size,
                             config.data_format, split=None, seed=config.random_seed)
    x = data_loader
    if isinstance(x, (list, tuple)):
        x = x[0]
    x_flat = tf.reshape(x, [config.batch_size, -1])

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        for step in range(100):
            if coord.should_stop():
                break
            v = sess.run(x_flat)
            batches.append([v.astype(np.int64).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "frames: %d" % sum(len(b[0]) for b in batches)}
