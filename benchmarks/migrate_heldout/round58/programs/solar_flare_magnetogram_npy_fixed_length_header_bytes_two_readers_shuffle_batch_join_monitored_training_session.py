# Flare / no-flare classification of active-region magnetogram cut-outs.
# Each cut-out is saved with np.save (a 128-byte .npy header, then float32 values), so the
# files are read as fixed-length records that skip the header.
import glob
import os

import numpy as np
import tensorflow as tf

tf = tf.compat.v1

PATCH = 3
RECORD_FLOATS = 2 + PATCH * PATCH       # harp number, flare flag, patch
NPY_HEADER_BYTES = 128
NUM_READERS = 2
BATCH_SIZE = 4


def save_cutouts(folder):
    rng = np.random.RandomState(2017)
    os.makedirs(folder, exist_ok=True)
    for i in range(12):
        harp = 7000 + i
        flare = float(i % 3 == 0)
        patch = np.round(rng.normal(0, 300, PATCH * PATCH), 1)
        rec = np.concatenate([[harp, flare], patch]).astype(np.float32)
        np.save(os.path.join(folder, 'harp_%d.npy' % harp), rec)


def read_cutout(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_FLOATS * 4, header_bytes=NPY_HEADER_BYTES)
    key, value = reader.read(filename_queue)
    rec = tf.decode_raw(value, tf.float32)
    rec.set_shape([RECORD_FLOATS])
    harp = tf.cast(rec[0], tf.int32)
    flare = tf.cast(rec[1], tf.int32)
    patch = tf.reshape(rec[2:], [PATCH, PATCH]) / 1000.0  # kG
    return harp, flare, patch


def main(data_dir):
    folder = os.path.join(data_dir, 'h58_solar_flare')
    save_cutouts(folder)
    files = sorted(glob.glob(os.path.join(folder, '*.npy')))
    assert all(os.path.getsize(f) == NPY_HEADER_BYTES + RECORD_FLOATS * 4 for f in files)

    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=3)
    example_list = [read_cutout(filename_queue) for _ in range(NUM_READERS)]
    harps, flares, patches = tf.train.shuffle_batch_join(
        example_list, batch_size=BATCH_SIZE, capacity=20, min_after_dequeue=4, seed=3)
    unsigned_flux = tf.reduce_sum(tf.abs(patches), axis=[1, 2])

    global_step = tf.train.get_or_create_global_step()
    train_op = tf.assign_add(global_step, 1)

    out = []
    hooks = [tf.train.StopAtStepHook(last_step=1000)]
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, hooks=hooks,
                                           save_summaries_steps=None, save_summaries_secs=None,
                                           log_step_count_steps=None) as mon_sess:
        while not mon_sess.should_stop():
            h, fl, p, u, _ = mon_sess.run([harps, flares, patches, unsigned_flux, train_op])
            out.append([h.tolist(), fl.tolist(), np.round(p, 5).tolist(), np.round(u, 5).tolist()])
    return {"batches": out, "end": "cut-outs: %d" % sum(len(b[0]) for b in out)}
