"""An Estimator-style `make_input_fn` returning an `input_fn` closure built on queues (`v1 = tf.compat.v1`
alias), features as a dict; the caller runs it for a fixed number of steps under a MonitoredSession."""

import os

import tensorflow as tf

v1 = tf.compat.v1

TRAIN = 'train'
EVAL = 'eval'


def make_input_fn(file_pattern, batch_size, mode=TRAIN, num_epochs=None):
    def input_fn():
        files = sorted(tf.io.gfile.glob(file_pattern))
        filename_queue = v1.train.string_input_producer(files, num_epochs=num_epochs,
                                                        shuffle=(mode == TRAIN))
        reader = v1.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        parsed = v1.parse_single_example(serialized, features={
            'x': v1.FixedLenFeature([3], tf.float32),
            'label': v1.FixedLenFeature([], tf.int64),
        })
        parsed['x_first'] = parsed['x'][0]
        batched = v1.train.batch(parsed, batch_size=batch_size, capacity=4 * batch_size, num_threads=1)
        labels = batched.pop('label')
        return batched, labels
    return input_fn


def main(data_dir):
    eval_input_fn = make_input_fn(os.path.join(data_dir, 'records-*.tfrecord'), batch_size=8, mode=EVAL)
    features, labels = eval_input_fn()

    steps = 6
    batches = []
    with v1.train.MonitoredSession(session_creator=v1.train.ChiefSessionCreator()) as sess:
        for _ in range(steps):
            feats, labs = sess.run([features, labels])
            batches.append({'x': feats['x'].tolist(), 'x_first': feats['x_first'].tolist(),
                            'label': labs.tolist()})
    return {'batches': batches, 'end': 'steps'}
