"""Wind-tunnel smoke visualisation: frame pairs and their ground-truth .flo fields (UnFlow-style test input)."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from unf64_lib.tunnel.input import TunnelData, TunnelInput


def _write_png(path, arr):
    h, w, c = arr.shape
    raw = b''.join(b'\x00' + arr[y].astype(np.uint8).tobytes() for y in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)

    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
    with open(path, 'wb') as f:
        f.write(png)


def _write_flo(path, flow):
    h, w, _ = flow.shape
    with open(path, 'wb') as f:
        np.array([202021.25], np.float32).tofile(f)
        np.array([w, h], np.int32).tofile(f)
        flow.astype(np.float32).tofile(f)


def write_tunnel_runs(data_dir):
    base = os.path.join(data_dir, 'smoke_tunnel')
    os.makedirs(os.path.join(base, 'image'), exist_ok=True)
    os.makedirs(os.path.join(base, 'flow'), exist_ok=True)
    rng = np.random.RandomState(640)
    for i in range(6):
        frame_a = rng.randint(0, 256, size=(3, 3, 3))
        frame_b = np.roll(frame_a, 1, axis=1)
        _write_png(os.path.join(base, 'image', 'run%02d_10.png' % i), frame_a)
        _write_png(os.path.join(base, 'image', 'run%02d_11.png' % i), frame_b)
        flow = np.round(rng.uniform(-2, 2, size=(3, 3, 2)), 2)
        _write_flo(os.path.join(base, 'flow', 'run%02d_10.flo' % i), flow)


def main(data_dir):
    data_dir = os.path.join(data_dir, 'h64_wind_tunnel')
    write_tunnel_runs(data_dir)

    data = TunnelData(data_dir)
    input_fn = TunnelInput(data, batch_size=2, dims=(2, 2), num_threads=1)
    im1, im2, input_shape, flow_gt = input_fn.input_test()

    flow_mag = tf.sqrt(tf.reduce_sum(tf.square(flow_gt), axis=3))
    photo_diff = tf.reduce_mean(tf.abs(im1 - im2), axis=[1, 2, 3])

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            a, b, shp, fl, mag, diff = sess.run([im1, im2, input_shape, flow_gt, flow_mag, photo_diff])
            batches.append([np.round(a, 3).tolist(), np.round(b, 3).tolist(), shp.tolist(),
                            np.round(fl, 3).tolist(), np.round(mag, 3).tolist(), np.round(diff, 3).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "smoke pairs: %d" % sum(len(b[0]) for b in batches)}
