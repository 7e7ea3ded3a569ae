"""Click sessions with a VarLen item list batched as a SparseTensor; a MonitoredTrainingSession stopped by a
StopAtStepHook (the producer has no epoch limit)."""
import os

import tensorflow.compat.v1 as tf

from clicks29_lib.features import make_example
from clicks29_lib.train import batched_sessions, make_train_op

SESSIONS = [(1, [5, 9]), (2, [3]), (3, [7, 7, 1, 4]), (4, [2, 8]), (5, [6, 6, 6]), (6, [11]), (7, [4, 10])]
LAST_STEP = 3


def main(data_dir):
    root = os.path.join(data_dir, 'h29_clicks_varlen_sparse_batch_stop_at_step_hook')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'sessions.tfrecord')
    with tf.python_io.TFRecordWriter(path) as writer:
        for user, items in SESSIONS:
            writer.write(make_example(user, items, dwell=0.5 * len(items) if user % 2 else None)
                         .SerializeToString())

    features = batched_sessions([path], batch_size=3)
    items, n_clicks, train_op = make_train_op(features)

    batches = []
    hooks = [tf.train.StopAtStepHook(last_step=LAST_STEP)]
    with tf.train.MonitoredTrainingSession(hooks=hooks, checkpoint_dir=None) as mon_sess:
        while not mon_sess.should_stop():
            user, dense, n, dwell, _ = mon_sess.run([features['user'], items, n_clicks, features['dwell'],
                                                     train_op])
            batches.append({'user': user.tolist(), 'items': dense.tolist(), 'n': n.tolist(),
                            'dwell': dwell.tolist()})
    return {'batches': batches, 'end': 'stopped at step %d' % LAST_STEP}
