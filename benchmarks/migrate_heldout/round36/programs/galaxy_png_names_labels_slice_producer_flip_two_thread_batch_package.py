"""Galaxy morphology thumbnails: galaxy36_lib (images, loader), shuffled slice_input_producer, two-thread batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from galaxy36_lib import images, loader


def main(data_dir):
    out = os.path.join(data_dir, "h36_galaxy")
    os.makedirs(out, exist_ok=True)
    files, labels = images.write_galaxies(out, 9)
    image_batch, label_batch, path_batch = loader.load_batches(files, labels, batch_size=3)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    try:
        while not coord.should_stop():
            im, lb, pt = sess.run([image_batch, label_batch, path_batch])
            batches.append([np.round(im.astype(np.float64), 3).tolist(), lb.tolist(),
                            [os.path.basename(p.decode()) for p in pt]])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "galaxies: %d" % sum(len(b[1]) for b in batches)}
