"""An input_fn closure made in another module (`flow_lib.input_fns`): `is_training = mode == 'train'` sets the
producer's `shuffle` and its `num_epochs` (`params['epochs'] if is_training else 1`) and chooses the batch of a
dict; run in a `coord.should_stop()` loop until the data ends; evaluation in order, training as a multiset."""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from flow_lib.input_fns import build_input_fn  # noqa: E402

PARAMS = {'pattern': 'table-*.csv', 'batch_size': 10, 'epochs': 2}


def _drain(features, label):
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, y = sess.run([features, label])
                out.append([f['a'].tolist(), f['b'].tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return out, end


def main(data_dir):
    with tf.Graph().as_default():
        ordered, end = _drain(*build_input_fn(data_dir, PARAMS, 'eval')())
    with tf.Graph().as_default():
        shuffled, end2 = _drain(*build_input_fn(data_dir, PARAMS, 'train')())
    rows = sorted(list(r) for b in shuffled for r in zip(*b))
    return {'batches': ordered + [[len(b[0]) for b in shuffled], rows], 'end': end if end == end2 else None}
