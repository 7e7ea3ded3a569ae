"""Grasp success from 6-axis wrist force/torque readings, estimator-era input_fn on queues."""
import os

import numpy as np
import tensorflow.compat.v1 as tf



class ModeKeys(object):
    # mirrors tf.estimator.ModeKeys (the estimator package is not installed on the robot PC)
    TRAIN = 'train'
    EVAL = 'eval'
    PREDICT = 'infer'


def write_logs(path, n=18):
    rng = np.random.RandomState(6303)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(n):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'episode': tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                'wrench': tf.train.Feature(float_list=tf.train.FloatList(value=rng.uniform(-5, 5, 6).round(3).tolist())),
                'gripper_width': tf.train.Feature(float_list=tf.train.FloatList(value=[round(rng.uniform(0, 0.08), 4)])),
                'success': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.rand() > 0.5)])),
            }))
            w.write(ex.SerializeToString())


def get_input_fn(mode, params):
    def input_fn():
        epochs = None if mode == ModeKeys.TRAIN else 1
        queue = tf.train.string_input_producer(params['files'], num_epochs=epochs,
                                               shuffle=(mode == ModeKeys.TRAIN))
        _, serialized = tf.TFRecordReader().read(queue)
        parsed = tf.parse_single_example(serialized, features={
            'episode': tf.FixedLenFeature([], tf.int64),
            'wrench': tf.FixedLenFeature([6], tf.float32),
            'gripper_width': tf.FixedLenFeature([1], tf.float32),
            'success': tf.FixedLenFeature([], tf.int64),
        })
        label = parsed.pop('success')
        if mode == ModeKeys.TRAIN:
            batch = tf.train.shuffle_batch(dict(parsed, label=label), params['batch_size'],
                                           capacity=64, min_after_dequeue=16, num_threads=4)
        else:
            batch = tf.train.batch(dict(parsed, label=label), params['batch_size'], capacity=64,
                                   allow_smaller_final_batch=True)
        labels = batch.pop('label')
        return batch, labels
    return input_fn


def main(data_dir):
    d = os.path.join(data_dir, 'h63_robot_gripper_force_torque_tfrecords_get_input_fn_mode_closure_features_dict_monitored_session_eval')
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, 'grasps-eval.tfrecord')
    write_logs(path)
    params = {'files': [path], 'batch_size': 6}
    features, labels = get_input_fn(ModeKeys.EVAL, params)()
    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            f, l = sess.run([features, labels])
            batches.append([f['episode'].tolist(), f['gripper_width'].tolist(), f['wrench'].tolist(), l.tolist()])
    return {'batches': batches, 'end': 'should_stop'}
