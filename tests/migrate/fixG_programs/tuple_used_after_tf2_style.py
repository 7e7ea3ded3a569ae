"""`read_frames` returns (image, path) as a tuple; its file list is printed, checked in a loop and, after the
producer took it, grown and counted again (which the queue never sees); the batch is the caller's own."""
import glob
import os

import numpy as np
import tensorflow as tf

NAME = 'fixG_tuple_used_after_tf2_style'
FRAME = [2, 2, 1]


def write_frames(folder, n):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(73)
    for i in range(n):
        with open(os.path.join(folder, 'f_%02d.raw' % i), 'wb') as f:
            f.write(rng.randint(0, 256, size=FRAME).astype(np.uint8).tobytes())


def read_frames(dirname):
    files = sorted(glob.glob(os.path.join(dirname, '*.raw')))
    print('frames: %s' % (files,), f'{len(files)} files')
    for f in files:
        assert os.path.getsize(f) == 4
    queue = tf.compat.v1.train.string_input_producer(files, shuffle=False, num_epochs=2)
    path, contents = tf.compat.v1.WholeFileReader().read(queue)
    files.append('not_read.raw')
    image = tf.reshape(tf.io.decode_raw(contents, tf.uint8), FRAME)
    image = tf.cast(image, tf.int32) + len(files)
    return image, path


def main(data_dir):
    root = os.path.join(data_dir, NAME)
    write_frames(root, 6)
    image, path = read_frames(root)
    images, paths = tf.compat.v1.train.batch([image, path], batch_size=3, num_threads=1, capacity=6)

    batches = []
    sess = tf.compat.v1.Session()
    sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            a, p = sess.run([images, paths])
            batches.append([a.tolist(), [os.path.basename(x.decode()) for x in p]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
