# Corridor CCTV: grey 4x4 frames exported as PNG files named cam<camera>_<frame>.png; the camera and frame
# numbers are cut out of the reader key, and motion is scored against a background image held in a variable.
import glob
import os
import struct
import zlib

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1

FRAME_SIZE = 4
BATCH_SIZE = 2


def _png_chunk(tag, data):
    chunk = tag + data
    return struct.pack('>I', len(data)) + chunk + struct.pack('>I', zlib.crc32(chunk) & 0xffffffff)


def write_png(path, pixels):
    height, width = pixels.shape
    raw = b''.join(b'\x00' + pixels[row].astype(np.uint8).tobytes() for row in range(height))
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n')
        f.write(_png_chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 0, 0, 0, 0)))
        f.write(_png_chunk(b'IDAT', zlib.compress(raw)))
        f.write(_png_chunk(b'IEND', b''))


def export_frames(root):
    rng = np.random.RandomState(40)
    background = rng.randint(40, 60, size=(FRAME_SIZE, FRAME_SIZE))
    for cam in (1, 2):
        for frame in range(4):
            pixels = background.copy()
            if frame % 2 == 1:  # somebody walks through
                pixels[frame % FRAME_SIZE, :] = 200 + cam
            write_png(os.path.join(root, 'cam%d_%04d.png' % (cam, frame)), pixels)
    return background


def main(data_dir):
    root = os.path.join(data_dir, 'h40_cctv_corridor')
    os.makedirs(root, exist_ok=True)
    background = export_frames(root)

    frame_files = sorted(glob.glob(os.path.join(root, 'cam*_*.png')))
    filename_queue = v1.train.string_input_producer(frame_files, num_epochs=1, shuffle=False)
    reader = v1.WholeFileReader()
    key, contents = reader.read(filename_queue)
    frame = tf.image.decode_png(contents, channels=1)
    frame.set_shape([FRAME_SIZE, FRAME_SIZE, 1])
    frame = tf.cast(frame, tf.float32)

    camera = v1.string_to_number(tf.strings.regex_replace(key, r'.*cam(\d+)_(\d+)\.png', r'\1'), out_type=tf.int32)
    index = v1.string_to_number(tf.strings.regex_replace(key, r'.*cam(\d+)_(\d+)\.png', r'\2'), out_type=tf.int32)

    bg = v1.Variable(background.reshape(FRAME_SIZE, FRAME_SIZE, 1).astype(np.float32), trainable=False,
                     name='background')
    motion = tf.reduce_mean(tf.abs(frame - bg))

    frames, cameras, indices, motions = v1.train.batch([frame, camera, index, motion], batch_size=BATCH_SIZE,
                                                       capacity=8)

    batches = []
    with v1.Session() as sess:
        sess.run(v1.global_variables_initializer())
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        while True:
            try:
                f, c, i, m = sess.run([frames, cameras, indices, motions])
            except tf.errors.OutOfRangeError:
                break
            batches.append([f[..., 0].astype(np.int64).tolist(), c.tolist(), i.tolist(),
                            np.round(m.astype(np.float64), 3).tolist()])
        coord.request_stop()
        coord.join(threads)
    alarms = sum(1 for b in batches for m in b[3] if m > 20)
    return {"batches": batches, "end": "frames: %d, alarms: %d" % (sum(len(b[1]) for b in batches), alarms)}
