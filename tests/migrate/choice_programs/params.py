"""A flag read from a params dict; both branches return a keyword batch of slice_input_producer tensors."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

NUMBERS = list(range(60))


def make_batches(params):
    number, square = train.slice_input_producer(
        [tf.constant(NUMBERS), tf.constant([n * n for n in NUMBERS])], num_epochs=1, shuffle=False)
    total = number + square
    if params['shuffle']:
        return train.shuffle_batch(tensors=[number, total], batch_size=params['batch_size'],
                                   capacity=40, min_after_dequeue=5, seed=3)
    else:
        return train.batch(tensors=[number, total], batch_size=params['batch_size'])


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append([a.tolist() for a in sess.run(fetch)])
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    config = {'shuffle': False, 'batch_size': 6}
    evaluation = make_batches(config)
    train_batches = make_batches(dict(config, shuffle=True))
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, evaluation)
        shuffled, end2 = _drain(sess, train_batches)
        coord.request_stop()
        coord.join(threads)
    rows = sorted((n, t) for b in shuffled for n, t in zip(*b))
    return {'batches': ordered + [[len(shuffled), rows]], 'end': end if end == end2 else None}
