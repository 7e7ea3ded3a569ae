"""GAN training samples: an .npy folder split among three loader threads feeding a RandomShuffleQueue,
dequeue_many for the discriminator, until the closer ends the queue."""
import os

import numpy as np
from tensorflow.compat import v1 as tf

from gan27_lib import folder
from gan27_lib.feeder import ShuffleFeeder

BATCH, THREADS = 4, 3


def main(data_dir):
    root = os.path.join(data_dir, "h27_gan_npy_folder_random_shuffle_queue_loader_threads")
    folder.write_folder(root)
    shards = folder.shard(folder.list_folder(root), THREADS)
    feeder = ShuffleFeeder()
    real, idx = feeder.queue.dequeue_many(BATCH)
    d_in = tf.reduce_mean(real, axis=[1, 2, 3])
    batches = []
    sess = tf.Session()
    threads = feeder.start(sess, shards)
    while True:
        try:
            r, i = sess.run([d_in, idx])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(r, 3).tolist(), i.tolist()])
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "queue closed"}
