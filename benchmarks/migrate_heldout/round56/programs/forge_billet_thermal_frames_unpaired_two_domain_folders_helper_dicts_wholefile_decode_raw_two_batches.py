"""Unpaired translation between two domains of forge-billet thermal frames (CycleGAN-style data).

Domain A holds frames of billets as they leave the furnace, domain B frames after the power
hammer; nothing pairs them. `load_domain` returns a dict of tensors for one folder (its own
sorted file list, producer, `WholeFileReader`, `decode_raw`); the two domains are batched by two
one-thread `tf.train.batch`es and fetched together in each step.
"""
import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf

NAME = 'h56_forge_billet_thermal_frames_unpaired_two_domain_folders_helper_dicts_wholefile_decode_raw_two_batches'
FRAME = [3, 3, 1]

opt = {
    'batch_size': 4,
    'dataroot': None,
    'phase': 'train',
}


def write_domain(folder, seed, n, offset):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(seed)
    for i in range(n):
        frame = np.clip(rng.normal(offset, 30, size=FRAME), 0, 255).astype(np.uint8)
        with open(os.path.join(folder, 'billet_%03d.raw' % i), 'wb') as f:
            f.write(frame.tobytes())


def load_domain(dirname, name):
    files = sorted(glob.glob(os.path.join(dirname, '*.raw')))
    with tf.name_scope(name):
        filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
        reader = tf.WholeFileReader()
        path, contents = reader.read(filename_queue)
        raw = tf.decode_raw(contents, tf.uint8)
        image = tf.reshape(raw, FRAME)
        image = tf.cast(image, tf.float32) / 127.5 - 1.0
    return {'image': image, 'path': path, 'count': len(files)}


def batch_domain(domain, batch_size, name):
    images, paths = tf.train.batch([domain['image'], domain['path']], batch_size=batch_size,
                                   num_threads=1, capacity=2 * batch_size, name=name)
    return {'images': images, 'paths': paths}


def generator(x, name):
    with tf.variable_scope(name):
        g = tf.get_variable('gain', [], initializer=tf.constant_initializer(0.9))
        return tf.tanh(x * g)


def main(data_dir):
    root = os.path.join(data_dir, NAME)
    opt['dataroot'] = root
    write_domain(os.path.join(root, 'trainA'), 5612, 8, 200)
    write_domain(os.path.join(root, 'trainB'), 5613, 8, 90)

    dom_A = load_domain(os.path.join(opt['dataroot'], opt['phase'] + 'A'), 'domain_A')
    dom_B = load_domain(os.path.join(opt['dataroot'], opt['phase'] + 'B'), 'domain_B')
    real_A = batch_domain(dom_A, opt['batch_size'], 'batch_A')
    real_B = batch_domain(dom_B, opt['batch_size'], 'batch_B')

    fake_B = generator(real_A['images'], 'G_A2B')
    fake_A = generator(real_B['images'], 'G_B2A')
    cycle_A = generator(fake_B, 'G_B2A_cycle')
    loss = tf.reduce_mean(tf.abs(cycle_A - real_A['images'])) + tf.reduce_mean(tf.abs(fake_A - real_B['images']))
    train_op = tf.train.AdamOptimizer(2e-4, beta1=0.5).minimize(loss)

    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            _, a, pa, b, pb = sess.run([train_op, real_A['images'], real_A['paths'],
                                        real_B['images'], real_B['paths']])
            batches.append([np.round(a.astype(np.float64), 5).tolist(), [os.path.basename(p.decode()) for p in pa],
                            np.round(b.astype(np.float64), 5).tolist(), [os.path.basename(p.decode()) for p in pb]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "billet pairs: %d (A %d, B %d files)" % (
        sum(len(b[1]) for b in batches), dom_A['count'], dom_B['count'])}
