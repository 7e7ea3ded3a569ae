"""Lidar scans (KITTI-like velodyne float32 x, y, z, intensity): a header per file skipped by header_bytes,
fixed-length point records, range computed, train.batch of 4."""
import os

import numpy as np
import tensorflow as tf

POINT_BYTES = 4 * 4
HEADER = b"VELO"


def write_scans(out):
    rs = np.random.RandomState(17)
    paths = []
    for scan in range(2):
        path = os.path.join(out, "%06d.bin" % scan)
        with open(path, "wb") as f:
            f.write(HEADER)
            f.write((rs.rand(6, 4) * 20 - 10).astype("<f4").tobytes())
        paths.append(path)
    return paths


def main(data_dir):
    out = os.path.join(data_dir, "h36_lidar")
    os.makedirs(out, exist_ok=True)
    paths = write_scans(out)
    queue = tf.compat.v1.train.string_input_producer(paths, shuffle=False, num_epochs=1)
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=POINT_BYTES, header_bytes=len(HEADER))
    key, value = reader.read(queue)
    point = tf.reshape(tf.compat.v1.decode_raw(value, tf.float32), [4])
    xyz, intensity = point[:3], point[3]
    rng = tf.norm(xyz)
    near = tf.cast(rng < 10.0, tf.int32)
    xyz_b, int_b, rng_b, near_b = tf.compat.v1.train.batch([xyz, intensity, rng, near], batch_size=4)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                a, b, c, d = sess.run([xyz_b, int_b, rng_b, near_b])
                batches.append([np.round(a.astype(np.float64), 3).tolist(), np.round(b.astype(np.float64), 3).tolist(),
                                np.round(c.astype(np.float64), 3).tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "points: %d" % sum(len(b[3]) for b in batches)}
