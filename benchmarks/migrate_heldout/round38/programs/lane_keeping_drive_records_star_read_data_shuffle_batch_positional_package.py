"""Lane-keeping frames: `[*read_data()]` handed to a positional shuffle_batch (batch, capacity, min_after_dequeue)."""
import os

import numpy as np
import tensorflow as tf

from lane38_lib import record
from lane38_lib.inputs import get_shuffle_batch


def main(data_dir):
    out = os.path.join(data_dir, 'h38_lane_keeping')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(38)
    frames = []
    for i in range(12):
        image = rng.randint(0, 256, size=record.IMAGE_SHAPE).astype(np.uint8)
        frames.append((image, [20.0 + i, 0.1 * (i % 5)], round(-0.3 + 0.05 * i, 2)))
    record.FILE_PATH = os.path.join(out, 'drive_%02d.tfrecords' % 1)
    record.write_data(record.FILE_PATH, frames)

    image_batch, variables_batch, steering_batch = get_shuffle_batch(4)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                im, var, st = sess.run([image_batch, variables_batch, steering_batch])
                batches.append([np.round(im.astype(np.float64), 5).tolist(),
                                np.round(var.astype(np.float64), 5).tolist(),
                                np.round(st.astype(np.float64), 5).tolist()])
        except tf.errors.OutOfRangeError:
            print('drive exhausted')
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "frames: %d" % sum(len(b[2]) for b in batches)}
