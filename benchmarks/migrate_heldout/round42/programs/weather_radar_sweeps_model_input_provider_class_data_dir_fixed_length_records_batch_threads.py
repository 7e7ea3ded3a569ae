import os
from os.path import isfile

import numpy as np
import tensorflow.compat.v1 as tf

GATES = 6


class ModelInputProvider:

    DATA_DIR = ''

    def __init__(self, batch_size):
        self.batch_size = batch_size

    """
    Return the input data and ground truth tensors.
    """
    def get_training_batch(self):
        filenames = [f for f in sorted(os.listdir(self.DATA_DIR)) if isfile(os.path.join(self.DATA_DIR, f))]
        filename_queue = tf.train.string_input_producer([os.path.join(self.DATA_DIR, f) for f in filenames],
                                                        shuffle=False, num_epochs=1)
        sweep, outparams = self.read_sweep_data(filename_queue)
        sweeps, outparam_batch = tf.train.batch([sweep, outparams], batch_size=self.batch_size,
                                                num_threads=2, capacity=4 * self.batch_size)
        return sweeps, outparam_batch

    """
    One ray of a volume scan: reflectivity per range gate, then azimuth and elevation.
    """
    def read_sweep_data(self, filename_queue):
        record_bytes = (GATES + 2) * 4
        reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
        _, value = reader.read(filename_queue)
        record = tf.decode_raw(value, tf.float32)
        sweep = tf.strided_slice(record, [0], [GATES])
        sweep.set_shape([GATES])
        outparams = tf.strided_slice(record, [GATES], [GATES + 2])
        outparams.set_shape([2])
        return sweep, outparams


def _write_volume_scans(root):
    rng = np.random.RandomState(4210)
    for scan in range(3):
        rays = []
        for ray in range(4):
            dbz = np.round(rng.uniform(-10, 60, size=GATES), 2)
            rays.append(np.concatenate([dbz, [ray * 90.0, 0.5 + scan]]))
        np.asarray(rays, np.float32).tofile(os.path.join(root, 'KTLX_scan%d.bin' % scan))


def main(data_dir):
    root = os.path.join(data_dir, 'h42_radar_sweeps')
    if not os.path.isdir(root):
        os.makedirs(root)
    _write_volume_scans(root)

    ModelInputProvider.DATA_DIR = root
    provider = ModelInputProvider(batch_size=4)
    sweeps, params = provider.get_training_batch()

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, p = sess.run([sweeps, params])
                batches.append([np.round(s.astype(np.float64), 2).tolist(), np.round(p.astype(np.float64), 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rays: %d" % sum(len(b[0]) for b in batches)}
