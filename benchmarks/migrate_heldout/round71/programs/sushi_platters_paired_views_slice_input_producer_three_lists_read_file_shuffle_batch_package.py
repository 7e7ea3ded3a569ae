# Held-out round 71: sushi platter photographs taken from four views per platter, read by a student project's
# paired-view input module (``sushi71_ddsm.ddsm_input``, after a mammography (DDSM) project: a sorted glob cut into
# left / right view lists with ``files[::4]`` slices, labels from words in the path, ``slice_input_producer`` over
# three converted lists, ``read_file`` + ``decode_png`` for both views, one ``shuffle_batch``). The training script
# globs the files, sorts them, asks for batches and runs a loop to the end of the epoch.
# Writer changes: tiny seeded PNGs written by ``encode_png`` in a separate graph; one epoch; the loop ends at
# ``OutOfRangeError``.
import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sushi71_ddsm import ddsm_input

BATCH_SIZE = 4
KINDS = ['salmon', 'tuna', 'eel']


def _write_data(folder):
    rng = np.random.RandomState(71)
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [8, 4, 1])
        png = tf.image.encode_png(pixels)
        with tf.Session() as sess:
            for case in range(6):
                kind = KINDS[case % 3]
                scaled = os.path.join(folder, 'pics', 'platter%02d_%s' % (case, kind), 'scaled')
                os.makedirs(scaled, exist_ok=True)
                for v, view in enumerate(['a_cc_left', 'b_mlo_left', 'c_cc_right', 'd_mlo_right']):
                    data = sess.run(png, {pixels: rng.randint(0, 256, size=(8, 4, 1)).astype(np.uint8)})
                    with open(os.path.join(scaled, view + '.png'), 'wb') as f:
                        f.write(data)


def main(data_dir):
    folder = os.path.join(data_dir, 'h71_sushi')
    _write_data(folder)
    files = glob.glob(os.path.join(folder, 'pics', '*', 'scaled', '*.png'))
    files.sort()

    l_batch, r_batch, label_batch = ddsm_input.get_batch(files, BATCH_SIZE, resize=2)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                l, r, lab = sess.run([l_batch, r_batch, label_batch])
                batches.append([np.round(l, 3).tolist(), np.round(r, 3).tolist(), lab.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print('Done training -- epoch limit reached after %d steps' % step)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "platter views: %d" % sum(len(b[2]) for b in batches)}
