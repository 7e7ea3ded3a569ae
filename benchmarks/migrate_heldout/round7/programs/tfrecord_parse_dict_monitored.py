"""TFRecords parsed by a helper into a dict, shuffled in batches, under MonitoredTrainingSession
(`import tensorflow as tf` with `tf.compat.v1` calls)."""

import os

import tensorflow as tf


def parse_record(serialized):
    features = tf.io.parse_single_example(
        serialized,
        features={
            'x': tf.io.FixedLenFeature([3], tf.float32),
            'label': tf.io.FixedLenFeature([], tf.int64),
        })
    features['x_sum'] = tf.reduce_sum(features['x'])
    return features


def read_and_decode(filename_queue):
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    return parse_record(serialized_example)


def make_batch(data_dir, batch_size, num_epochs):
    files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in (1, 2)]
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=num_epochs)
    example = read_and_decode(filename_queue)
    min_after_dequeue = 20
    capacity = min_after_dequeue + 3 * batch_size
    return tf.compat.v1.train.shuffle_batch(
        example, batch_size=batch_size, capacity=capacity, min_after_dequeue=min_after_dequeue,
        num_threads=2, seed=7, allow_smaller_final_batch=True)


def main(data_dir):
    batch = make_batch(data_dir, batch_size=8, num_epochs=1)
    batches = []
    with tf.compat.v1.train.MonitoredTrainingSession() as mon_sess:
        while not mon_sess.should_stop():
            out = mon_sess.run(batch)
            batches.append({
                'x': out['x'].tolist(),
                'label': out['label'].tolist(),
                'x_sum': out['x_sum'].tolist(),
            })
    return {'batches': batches, 'end': 'stopped'}
