# Hourglass sand frames: 2x2 two-channel frames (sand top / bottom density) with the seconds left as label.
# Written after a knowledge-transfer ResNet's `test2.py`: module-level `batch_size` / `seed = 1234`, `np.load` of
# `train_labels.npy` and `train.npy`, `reshape((N, C, H, W)).transpose(0, 2, 3, 1)`, an `images_list` of
# `{"feature", "label"}` dicts handed to `tf.train.input_producer`. A producer takes one tensor, so each dict is
# flattened into one row (feature then label) and the rows are taken by `dequeue_many` and split again.
import os

import numpy as np
import tensorflow.compat.v1 as tf

batch_size = 4
seed = 1234


def main(data_dir):
    out = os.path.join(data_dir, 'h76_hourglass')
    if not os.path.isdir(out):
        os.makedirs(out)
    rng = np.random.RandomState(seed)
    np.save(os.path.join(out, 'train.npy'), np.round(rng.rand(12, 2 * 2 * 2), 3).astype(np.float32))
    np.save(os.path.join(out, 'train_labels.npy'), np.arange(12, dtype=np.float32) * 5)

    y = np.load(os.path.join(out, 'train_labels.npy'))
    print(y.shape)

    x = np.load(os.path.join(out, 'train.npy'))
    x = x.reshape((x.shape[0], 2, 2, 2)).transpose(0, 2, 3, 1)
    print(x.shape)

    images_list = []
    for i in range(x.shape[0]):
        one = {}
        one["feature"] = x[i]
        one["label"] = y[i]
        images_list.append(np.concatenate([one["feature"].ravel(), [one["label"]]]))

    images_queue = tf.train.input_producer(np.stack(images_list), num_epochs=1, shuffle=True, seed=seed)
    print(images_queue)
    rows = images_queue.dequeue_many(batch_size)
    images = tf.reshape(rows[:, :-1], [-1, 2, 2, 2])
    labels = rows[:, -1]

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, lb = sess.run([images, labels])
                batches.append([np.round(im, 3).tolist(), np.round(lb, 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "frames: %d" % sum(len(b[1]) for b in batches)}
