"""absl-style training script (TF 1.14/1.15 spellings): **`absl.flags` defined at module level**, a `params`
dict built from the flags, an estimator-style `input_fn(params)` returning `(features, labels)`:
`tf.io.gfile.glob`, a module-level `FEATURE_SPEC` of `tf.io.FixedLenFeature`, a derived feature added to the
parsed dict, `shuffle_batch` of the **dict** with two threads, `labels = features.pop('label')` after the batch;
`MonitoredTrainingSession` loop on `should_stop()`."""

import os

from absl import flags
import tensorflow.compat.v1 as tf

FLAGS = flags.FLAGS
flags.DEFINE_integer('h14_batch_size', 10, 'Examples per batch.')
flags.DEFINE_integer('h14_num_epochs', 1, 'Passes over the training files.')
flags.DEFINE_integer('h14_reader_threads', 2, 'Threads filling the shuffle queue.')

FEATURE_SPEC = {
    'x': tf.io.FixedLenFeature([3], tf.float32),
    'label': tf.io.FixedLenFeature([], tf.int64),
}


def input_fn(params):
    files = sorted(tf.io.gfile.glob(os.path.join(params['data_dir'], 'records-*.tfrecord')))
    filename_queue = tf.train.string_input_producer(files, num_epochs=params['num_epochs'], shuffle=True, seed=5)
    _, serialized = tf.TFRecordReader().read(filename_queue)
    features = tf.io.parse_single_example(serialized, FEATURE_SPEC)
    features['x_sum'] = tf.reduce_sum(features['x'])
    features = tf.train.shuffle_batch(features, batch_size=params['batch_size'], capacity=64,
                                      min_after_dequeue=16, num_threads=params['reader_threads'],
                                      allow_smaller_final_batch=True)
    labels = features.pop('label')
    return features, labels


def main(data_dir):
    if not FLAGS.is_parsed():
        FLAGS(['legacy_program'])
    params = {
        'data_dir': data_dir,
        'batch_size': FLAGS.h14_batch_size,
        'num_epochs': FLAGS.h14_num_epochs,
        'reader_threads': FLAGS.h14_reader_threads,
    }
    features, labels = input_fn(params)

    batches, end = [], None
    with tf.train.MonitoredTrainingSession() as sess:
        while not sess.should_stop():
            f, l = sess.run([features, labels])
            batches.append({'x': f['x'].tolist(), 'x_sum': f['x_sum'].tolist(), 'label': l.tolist()})
    end = 'should_stop'
    return {'batches': batches, 'end': end}
