"""Lung CT series exported from DICOM as raw int16 slices behind a file preamble."""
import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf

from ct63_lib import ct_input
from ct63_lib.config import FLAGS


def write_series(data_dir):
    rng = np.random.RandomState(630)
    os.makedirs(data_dir, exist_ok=True)
    for s in range(2):
        with open(os.path.join(data_dir, 'series_%d.bin' % s), 'wb') as f:
            f.write(b'DICM' + struct.pack('<iii', s, 10, FLAGS.slice_size))
            for i in range(10):
                f.write(bytes([(s * 10 + i) % 2]))
                f.write(b'\x00')
                f.write(rng.randint(-1200, 400, size=(FLAGS.slice_size, FLAGS.slice_size)).astype('<i2').tobytes())


def main(data_dir):
    series_dir = os.path.join(data_dir, 'h63_lung_ct_dicom_like_fixed_length_header_bytes_int16_substr_argparse_flags_window_level_batch_package')
    write_series(series_dir)
    images, labels = ct_input.inputs(series_dir, FLAGS.batch_size)
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    end = None
    step = 0
    try:
        while not coord.should_stop():
            im, lb = sess.run([images, labels])
            batches.append([np.round(im, 5).tolist(), lb.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError after %d steps' % step
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
