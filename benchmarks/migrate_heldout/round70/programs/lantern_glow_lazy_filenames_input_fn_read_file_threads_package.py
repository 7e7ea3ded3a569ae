"""Paper-lantern glow thumbnails: an `input_fn` that loads lazily from file names (slice_input_producer over paths
and labels, read_file / decode_raw, a multi-thread train.batch), research-repo layout -- package."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from lantern_data import inputs


def main(data_dir):
    out = os.path.join(data_dir, 'h70_lantern')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(5)
    for i in range(8):
        img = rng.randint(0, 256, size=(4, 4)).astype(np.uint8)
        with open(os.path.join(out, 'lantern%02d_%d.raw' % (i, rng.randint(10))), 'wb') as f:
            f.write(img.tobytes())

    inputs.DATA_DIR = out
    input_fn = inputs.get_input_fn_as_filenames(batch_size=4, num_epochs=1, shuffle=True, num_threads=2)
    features, labels = input_fn()
    mean_glow = tf.reduce_mean(features['image'], axis=[1, 2, 3])

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                g, l = sess.run([mean_glow, labels])
                batches.append([np.round(g, 4).tolist(), np.round(l, 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "lanterns: %d" % sum(len(b[0]) for b in batches)}
