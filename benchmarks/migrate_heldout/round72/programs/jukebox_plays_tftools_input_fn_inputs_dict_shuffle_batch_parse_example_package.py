"""Jukebox plays: a company trainer toolkit (Trainer/InputFn.py: input_fn(record_files, spec, shuffle,
batch_size) returning an `inputs` dict with 'iterator_init_op'), moved onto queue runners."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tftools72.Trainer import InputFn
from tftools72.Trainer import Spec


def write_records(folder):
    rng = np.random.RandomState(27)
    files = []
    for part in range(3):
        path = os.path.join(folder, 'plays_%d.tfrecord' % part)
        with tf.python_io.TFRecordWriter(path) as w:
            for _ in range(4):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'user': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 50))])),
                    'song': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 500))])),
                    'listen_secs': tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.randint(0, 2400)) / 10])),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 2))])),
                }))
                w.write(ex.SerializeToString())
        files.append(path)
    return files


def train(inputs):
    batches = []
    with tf.Session() as sess:
        sess.run(inputs['iterator_init_op'])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                features, labels = sess.run([inputs['features'], inputs['labels']])
                batches.append([features['user'].tolist(), features['song'].tolist(),
                                np.round(features['listen_secs'], 1).tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return batches


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_jukebox')
    os.makedirs(folder, exist_ok=True)
    files = write_records(folder)
    tf.set_random_seed(6)
    inputs = InputFn.input_fn(files, Spec.feature_spec(), shuffle=True, batch_size=4, num_epochs=1)
    batches = train(inputs)
    return {"batches": batches, "end": "plays: %d" % (4 * len(batches))}
