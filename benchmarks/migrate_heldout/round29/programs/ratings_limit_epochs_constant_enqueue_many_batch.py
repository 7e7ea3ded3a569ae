"""A ratings matrix loaded in numpy, limit_epochs on the constant, train.batch(enqueue_many=True)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_EPOCHS = 2
BATCH_SIZE = 5


def load_ratings(path):
    with open(path) as f:
        rows = np.array([[int(v) for v in line.strip().split('::')] for line in f if line.strip()], dtype=np.int64)
    return rows[:, :2].astype(np.int32), rows[:, 2].astype(np.float32)


def main(data_dir):
    root = os.path.join(data_dir, 'h29_ratings_limit_epochs_constant_enqueue_many_batch')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'ratings.dat')
    with open(path, 'w') as f:
        for i in range(8):
            f.write('%d::%d::%d\n' % (1 + i // 3, 10 + (i * 7) % 11, 1 + (i * 3) % 5))
    pairs, ratings = load_ratings(path)

    with tf.name_scope('ratings_input'):
        pairs_t = tf.train.limit_epochs(tf.constant(pairs), num_epochs=NUM_EPOCHS, name='pairs_epochs')
        ratings_t = tf.train.limit_epochs(tf.constant(ratings), num_epochs=NUM_EPOCHS, name='ratings_epochs')
        pair_batch, rating_batch = tf.train.batch([pairs_t, ratings_t], batch_size=BATCH_SIZE, enqueue_many=True,
                                                  capacity=20, allow_smaller_final_batch=True)
    centred = rating_batch - tf.reduce_mean(rating_batch)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, r, c = sess.run([pair_batch, rating_batch, centred])
                batches.append({'user': p[:, 0].tolist(), 'item': p[:, 1].tolist(), 'rating': r.tolist(),
                                'centred': [round(float(v), 4) for v in c]})
        except tf.errors.OutOfRangeError:
            end = 'epochs exhausted'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
