"""Ukulele strum clips: fixed-length float records through the docs template module."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from ukulele73.strum_input import input_pipeline


def write_clips(folder):
    os.makedirs(folder, exist_ok=True)
    files = []
    for s in range(2):
        path = os.path.join(folder, 'strums_%d.bin' % s)
        with open(path, 'wb') as f:
            for i in range(4):
                n = s * 4 + i
                f.write(bytes([n % 3]))
                f.write(np.arange(n, n + 4, dtype=np.float32).tobytes())
        files.append(path)
    return files


def main(data_dir):
    files = write_clips(os.path.join(data_dir, 'h73_ukulele'))
    example_batch, label_batch = input_pipeline(files, 2, num_epochs=1)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            ex, lab = sess.run([example_batch, label_batch])
            batches.append([np.round(ex.astype(np.float64), 3).tolist(), lab.tolist()])
    except tf.errors.OutOfRangeError:
        print('Done training -- epoch limit reached')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "strums: %d" % sum(len(b[1]) for b in batches)}
