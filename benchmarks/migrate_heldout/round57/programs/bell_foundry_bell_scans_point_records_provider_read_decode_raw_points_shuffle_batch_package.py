import os
import numpy as np
import tensorflow.compat.v1 as tf

import bell57_lib.provider_bells as provider
from bell57_lib.scans_writer import write_scans

BATCH_SIZE = 4
NUM_POINT = 8


def get_model(pointclouds):
    # a bell's "radius" per scan: mean distance of its points from the axis
    r = tf.sqrt(tf.reduce_sum(tf.square(pointclouds[:, :, :2]), axis=2))
    return tf.reduce_mean(r, axis=1)


def train(files):
    with tf.name_scope('train'):
        pointclouds_pl, notes_pl = provider.read(files, num_epochs=1, batch_size=BATCH_SIZE, num_points=NUM_POINT)
        pred = get_model(pointclouds_pl)
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    out = []
    step = 0
    try:
        while not coord.should_stop():
            pts, notes, radius = sess.run([pointclouds_pl, notes_pl, pred])
            out.append([np.round(pts.astype(np.float64), 2).tolist(), notes.tolist(), np.round(radius.astype(np.float64), 4).tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        print('Done training for %d steps.' % step)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return out


def main(data_dir):
    files = write_scans(os.path.join(data_dir, 'h57_bell_foundry_scans'), num_points=NUM_POINT)
    batches = train(files)
    return {"batches": batches, "end": "bells: %d" % sum(len(b[1]) for b in batches)}
