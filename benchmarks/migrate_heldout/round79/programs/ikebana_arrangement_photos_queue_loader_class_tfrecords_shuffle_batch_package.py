"""Ikebana arrangement photos (style label per photo) through a cifar-style Queue_loader package:
pickled photo batches -> one .tfrecords file -> read_and_decode nested in readFromTFRecords -> two-thread
shuffle_batch. The training script loops over loader.num_batches for one epoch."""
import os
import pickle

import numpy as np
import tensorflow.compat.v1 as tf

from ikebana79.queue_loader import Queue_loader


def _make_data(d):
    rng = np.random.RandomState(79)
    os.makedirs(os.path.join(d, 'photo-batches-py'), exist_ok=True)
    for b in range(2):
        data = rng.randint(0, 256, size=(6, 48)).astype(np.uint8)
        labels = [int(x) for x in rng.randint(0, 3, size=6)]
        with open(os.path.join(d, 'photo-batches-py', 'data_batch_%d' % (b + 1)), 'wb') as f:
            pickle.dump({'data': data, 'labels': labels}, f)


def main(data_dir):
    data_log = os.path.join(data_dir, 'h79_ikebana')
    os.makedirs(data_log, exist_ok=True)
    _make_data(data_log)
    tf.set_random_seed(79)

    batch_size = 4
    loader = Queue_loader(data_log, batch_size=batch_size, num_epochs=1, num_threads=2,
                          min_after_dequeue=4, train=True)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for step in range(loader.num_batches):
                images, labels = sess.run([loader.images, loader.labels])
                batches.append([labels.tolist(), np.round(images[:, 0, 0, :], 4).tolist()])
        except tf.errors.OutOfRangeError:
            print('Done training -- epoch limit reached')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "arrangements: %d" % sum(len(b[0]) for b in batches)}
