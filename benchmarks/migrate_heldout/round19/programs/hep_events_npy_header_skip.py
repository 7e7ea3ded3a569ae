"""Collider events saved with `np.save` (float32 [n, 4]: px, py, pz, E) and read straight from the .npy files by a
`FixedLengthRecordReader` that skips the 128-byte NPY header; kinematics per event; a tuple is batched."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

NPY_HEADER_BYTES = 128  # magic, version and the padded dict header of a small float32 array
EVENT_BYTES = 4 * 4


def write_runs(data_dir):
    out_dir = os.path.join(data_dir, "h19_hep_events_npy_header_skip")
    os.makedirs(out_dir, exist_ok=True)
    paths, k = [], 0
    for run, n in enumerate((7, 5, 6)):
        events = []
        for _ in range(n):
            px, py, pz = 10.0 + (k % 6) * 3.5, -4.0 + (k % 5) * 2.25, 20.0 - k * 1.5
            events.append([px, py, pz, 2.0 + float(np.sqrt(px * px + py * py + pz * pz))])
            k += 1
        path = os.path.join(out_dir, "run-%03d.npy" % run)
        np.save(path, np.asarray(events, dtype=np.float32))
        with open(path, "rb") as f:
            if len(f.read()) != NPY_HEADER_BYTES + n * EVENT_BYTES:
                raise ValueError("unexpected NPY header size in %s" % path)
        paths.append(path)
    return paths


def read_event(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=EVENT_BYTES, header_bytes=NPY_HEADER_BYTES)
    key, value = reader.read(filename_queue)
    p4 = tf.decode_raw(value, tf.float32)
    p4.set_shape([4])
    px, py, pz, energy = tf.unstack(p4)
    pt = tf.sqrt(px * px + py * py)
    phi = tf.atan2(py, px)
    mass2 = energy * energy - (px * px + py * py + pz * pz)
    return pt, phi, mass2, key


def main(data_dir):
    filename_queue = tf.train.string_input_producer(write_runs(data_dir), num_epochs=1, shuffle=False)
    example = read_event(filename_queue)
    pt_b, phi_b, mass2_b, key_b = tf.train.batch(example, batch_size=4, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                pt, phi, mass2, keys = sess.run([pt_b, phi_b, mass2_b, key_b])
                batches.append([[round(float(v), 3) for v in pt], [round(float(v), 4) for v in phi],
                                [round(float(v), 1) for v in mass2], [k.decode().split("/")[-1] for k in keys]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": sum(len(b[0]) for b in batches)}
