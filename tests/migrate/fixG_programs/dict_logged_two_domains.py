"""Two domains of frames, each read by `load_domain` (its own sorted file list, counted and logged before the
producer, the list's length returned in the dict and read after the batch) and batched by `batch_domain`."""
import glob
import logging
import os

import numpy as np
import tensorflow.compat.v1 as tf

NAME = 'fixG_dict_logged_two_domains'
FRAME = [3, 3, 1]


def write_domain(folder, seed, n, offset):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(seed)
    for i in range(n):
        frame = np.clip(rng.normal(offset, 30, size=FRAME), 0, 255).astype(np.uint8)
        with open(os.path.join(folder, 'frame_%03d.raw' % i), 'wb') as f:
            f.write(frame.tobytes())


def load_domain(dirname, name):
    files = sorted(glob.glob(os.path.join(dirname, '*.raw')))
    logging.info('%d frames in %s', len(files), dirname)
    if not files:
        raise ValueError('no frames in %s' % dirname)
    with tf.name_scope(name):
        filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
        reader = tf.WholeFileReader()
        path, contents = reader.read(filename_queue)
        raw = tf.decode_raw(contents, tf.uint8)
        image = tf.reshape(raw, FRAME)
        image = tf.cast(image, tf.float32) * (1.0 / 255)
    return {'image': image, 'path': path, 'count': len(files)}


def batch_domain(domain, batch_size, name):
    images, paths = tf.train.batch([domain['image'], domain['path']], batch_size=batch_size,
                                   num_threads=1, capacity=2 * batch_size, name=name)
    return {'images': images, 'paths': paths}


def main(data_dir):
    root = os.path.join(data_dir, NAME)
    write_domain(os.path.join(root, 'A'), 71, 8, 200)
    write_domain(os.path.join(root, 'B'), 72, 8, 90)
    real_A = batch_domain(load_domain(os.path.join(root, 'A'), 'domain_A'), 4, 'batch_A')
    dom_B = load_domain(os.path.join(root, 'B'), 'domain_B')
    real_B = batch_domain(dom_B, 4, 'batch_B')

    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            a, pa, b, pb = sess.run([real_A['images'], real_A['paths'], real_B['images'], real_B['paths']])
            batches.append([np.round(a.astype(np.float64), 5).tolist(), [os.path.basename(p.decode()) for p in pa],
                            np.round(b.astype(np.float64), 5).tolist(), [os.path.basename(p.decode()) for p in pb]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "pairs: %d of %d B frames" % (sum(len(b[1]) for b in batches), dom_B['count'])}
