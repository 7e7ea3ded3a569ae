"""Convolutional autoencoder over sap-tap camera frames from a sugar bush.

The input comes from `maple56_lib/dataset_utils.create_input_pipeline`, the course-library
function that turns a file list into a shuffled batch (string producer, `WholeFileReader`,
`decode_png`, resize + centre crop, `shuffle_batch`). Training counts batches into epochs by hand.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from maple56_lib.dataset_utils import create_input_pipeline
from maple56_lib import utils

NAME = 'h56_maple_sap_tap_frames_cadl_create_input_pipeline_crop_factor_wholefile_png_shuffle_batch_epoch_loop_package'


def get_frames(dst):
    if not os.path.exists(dst):
        os.makedirs(dst)
    rng = np.random.RandomState(569)
    files = []
    for i in range(12):
        frame = rng.randint(0, 256, size=(6, 6, 3)).astype(np.uint8)
        path = os.path.join(dst, 'tap_%02d.png' % i)
        utils.write_png(path, frame)
        files.append(path)
    return files


def VAE(input_shape=[None, 4, 4, 3], n_code=2):
    x = tf.placeholder_with_default(tf.zeros([1] + input_shape[1:]), input_shape, name='x')
    x_flat = tf.reshape(x, [-1, int(np.prod(input_shape[1:]))])
    W = tf.get_variable('W', [x_flat.get_shape().as_list()[1], n_code],
                        initializer=tf.random_normal_initializer(stddev=0.02, seed=9))
    z = tf.nn.tanh(tf.matmul(x_flat, W))
    y = tf.matmul(z, tf.transpose(W))
    cost = tf.reduce_mean(tf.squared_difference(x_flat, y))
    return {'x': x, 'z': z, 'y': y, 'cost': cost}


def train_vae(files, input_shape, learning_rate=0.0001, batch_size=4, n_epochs=1,
              crop_shape=[4, 4, 3], crop_factor=1.0):
    batch = create_input_pipeline(
        files=files,
        batch_size=batch_size,
        n_epochs=n_epochs,
        crop_shape=crop_shape,
        crop_factor=crop_factor,
        shape=input_shape,
        seed=56)

    ae = VAE(input_shape=[None] + crop_shape)
    optimizer = tf.train.AdamOptimizer(learning_rate=learning_rate).minimize(ae['cost'])

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())

    # This will handle our threaded image pipeline
    coord = tf.train.Coordinator()

    # Ensure no more changes to graph
    tf.get_default_graph().finalize()

    # Start up the queues for handling the image pipeline
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    # Fit all training data
    t_i = 0
    batch_i = 0
    epoch_i = 0
    n_files = len(files)
    seen = []
    try:
        while not coord.should_stop() and epoch_i < n_epochs:
            batch_i += 1
            batch_xs, batch_keys = sess.run(batch)
            train_cost = sess.run([ae['cost'], optimizer], feed_dict={ae['x']: batch_xs})[0]
            seen.append([np.round(batch_xs.astype(np.float64), 4).tolist(),
                         [os.path.basename(k.decode()) for k in batch_keys]])
            if batch_i % (n_files // batch_size) == 0:
                batch_i = 0
                epoch_i += 1
            t_i += 1
    except tf.errors.OutOfRangeError:
        pass
    finally:
        # One of the threads has issued an exception.  So let's tell all the
        # threads to shutdown.
        coord.request_stop()

    # Wait until all threads have finished.
    coord.join(threads)

    # Clean up the session.
    sess.close()
    return seen, epoch_i


def main(data_dir):
    files = get_frames(os.path.join(data_dir, NAME))
    batches, epochs = train_vae(files, input_shape=[6, 6, 3])
    return {"batches": batches, "end": "frames: %d, epochs: %d" % (sum(len(b[1]) for b in batches), epochs)}
