"""Fossil skull reconstructions from museum-collection photographs, in the Pixel2Mesh training layout: a
`DataFetcher` thread (daemon) fills a Python queue from a list of `.dat` pickles, and the epoch loop fetches one
sample per iteration and feeds it into the placeholders."""
import os
import pickle

import numpy as np
import tensorflow.compat.v1 as tf

from p2m64_lib.fetcher import DataFetcher


class FLAGS:
    learning_rate = 1e-5
    epochs = 1
    hidden = 4
    feat_dim = 3
    coord_dim = 3
    weight_decay = 5e-6


def write_skull_samples(folder):
    os.makedirs(os.path.join(folder, 'rendering'), exist_ok=True)
    rng = np.random.RandomState(64)
    lines = []
    for i in range(6):
        base = os.path.join(folder, 'rendering', 'skull_%02d_00' % i)
        n_points = 3 + i % 3
        points = np.round(rng.uniform(-1, 1, size=(n_points, 6)), 3).astype(np.float32)
        with open(base + '.dat', 'wb') as f:
            pickle.dump(points, f, protocol=2)
        np.save(base + '.npy', rng.randint(0, 256, size=(4, 4, 4)).astype(np.uint8))
        lines.append(base + '.dat')
    with open(os.path.join(folder, 'train_list.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return os.path.join(folder, 'train_list.txt')


def main(data_dir):
    folder = os.path.join(data_dir, 'h64_fossil_skulls')
    data_list = write_skull_samples(folder)

    # Define placeholders(dict) and model
    num_blocks = 3
    num_supports = 2
    placeholders = {
        'features': tf.placeholder(tf.float32, shape=(None, 3)),
        'img_inp': tf.placeholder(tf.float32, shape=(4, 4, 3)),
        'labels': tf.placeholder(tf.float32, shape=(None, 6)),
        'dropout': tf.placeholder_with_default(0., shape=()),
        'num_features_nonzero': tf.placeholder(tf.int32)
    }
    img_feat = tf.reduce_mean(placeholders['img_inp'], axis=[0, 1])
    w = tf.get_variable('proj', [FLAGS.feat_dim, FLAGS.coord_dim], initializer=tf.constant_initializer(0.5))
    ellipsoid = tf.constant([[0., 0., 1.], [0., 1., 0.], [1., 0., 0.]])
    deformed = ellipsoid + tf.matmul(tf.expand_dims(img_feat, 0), w)
    gt_pts = placeholders['labels'][:, :3]
    dist = tf.reduce_sum(tf.square(tf.expand_dims(gt_pts, 1) - tf.expand_dims(deformed, 0)), axis=2)
    chamfer = tf.reduce_mean(tf.reduce_min(dist, axis=1)) + tf.reduce_mean(tf.reduce_min(dist, axis=0))

    # Load data, initialize session
    data = DataFetcher(data_list)
    data.setDaemon(True)
    data.start()
    config = tf.ConfigProto()
    config.allow_soft_placement = True
    sess = tf.Session(config=config)
    sess.run(tf.global_variables_initializer())

    train_number = data.number
    batches = []
    for epoch in range(FLAGS.epochs):
        all_loss = np.zeros(train_number, dtype='float32')
        for iters in range(train_number):
            # Fetch training data
            img_inp, y_train, data_id = data.fetch()
            feed_dict = {}
            feed_dict.update({placeholders['features']: np.zeros((3, 3), np.float32)})
            feed_dict.update({placeholders['img_inp']: img_inp})
            feed_dict.update({placeholders['labels']: y_train})

            # Training step
            dists, out1 = sess.run([chamfer, deformed], feed_dict=feed_dict)
            all_loss[iters] = dists
            mean_loss = np.mean(all_loss[np.where(all_loss)])
            batches.append([[data_id], [np.round(y_train, 3).tolist()],
                            [np.round(out1, 4).tolist()], [round(float(dists), 4)]])
    data.shutdown()
    sess.close()
    return {"batches": batches, "end": "skull samples: %d, epochs %d" % (len(batches), FLAGS.epochs)}
