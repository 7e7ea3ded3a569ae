"""Rain-tomorrow classifier; the input_fn's reader class is chosen by a config string."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from io28_lib.config import InputConfig
from io28_lib.input_fn import make_input_fn

STATIONS = ['Albury', 'Cobar', 'Darwin']


def write_csv_parts(root):
    os.makedirs(root, exist_ok=True)
    for part in range(2):
        with open(os.path.join(root, 'weather-%d.csv' % part), 'w') as f:
            f.write('station,temp,humidity,rain_tomorrow\n')
            for k in range(5):
                i = part * 5 + k
                f.write('%s,%.1f,%.1f,%d\n' % (STATIONS[i % 3], 12.0 + i, 40.0 + 3 * i, int(i % 3 == 0)))


def model_fn(features, labels):
    with tf.variable_scope('logreg'):
        w = tf.get_variable('w', [2], initializer=tf.constant_initializer([0.05, -0.02]))
        x = tf.stack([features['temp'], features['humidity']], axis=1)
        logits = tf.reduce_sum(x * w, axis=1)
    probs = tf.sigmoid(logits)
    acc = tf.reduce_mean(tf.cast(tf.equal(tf.cast(probs > 0.5, tf.int32), labels), tf.float32))
    return probs, acc


def main(data_dir):
    root = os.path.join(data_dir, 'h28_weather_input_fn_factory_reader_by_config_string')
    write_csv_parts(root)
    base = InputConfig(batch_size=4)
    config = base.replace(reader='text', file_pattern=os.path.join(root, 'weather-*.csv'))
    with tf.variable_scope('inputs'):
        features, labels = make_input_fn(config)()
    probs, acc = model_fn(features, labels)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                st, lab, p = sess.run([features['station'], labels, probs])
                batches.append([[s.decode() for s in st], lab.tolist(), np.round(p, 4).tolist()])
        except tf.errors.OutOfRangeError as e:
            coord.request_stop(e)
        finally:
            coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return {'batches': batches, 'end': 'stopped by coordinator'}
