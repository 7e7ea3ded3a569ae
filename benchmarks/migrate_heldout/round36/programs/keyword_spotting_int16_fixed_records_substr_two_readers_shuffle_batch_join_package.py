"""Speech-commands keywords: kws36_lib (features.read_clip, pipeline.get_batch), two readers into shuffle_batch_join."""
import os

import numpy as np
import tensorflow as tf

from kws36_lib import features, pipeline


def main(data_dir):
    out = os.path.join(data_dir, "h36_kws")
    os.makedirs(out, exist_ok=True)
    paths = [features.write_clips(out, s, 4, seed) for seed, s in enumerate(["a1", "b2", "c3"])]  # 12 clips
    wav, energy, label = pipeline.get_batch(paths, batch_size=4)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                w, e, l = sess.run([wav, energy, label])
                batches.append([np.round(w.astype(np.float64), 4).tolist(), np.round(e.astype(np.float64), 4).tolist(),
                                l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "clips: %d" % sum(len(b[2]) for b in batches)}
