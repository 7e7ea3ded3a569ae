"""Aerial tramway ride counts, an Experiment-like object configured by pipeline_config dicts (polyaxon style)."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

config = {
    'name': 'tramway_rides',
    'train_input_data_config': {
        'pipeline_config': {'name': 'train', 'batch_size': 4, 'num_epochs': 1, 'shuffle': True},
        'data_files': ['rides_valley.csv', 'rides_summit.csv'],
    },
    'eval_input_data_config': {
        'pipeline_config': {'name': 'eval', 'batch_size': 4, 'num_epochs': 1, 'shuffle': False},
        'data_files': ['rides_valley.csv'],
    },
}


def make_pipeline(data_dir, data_files, pipeline_config):
    name = pipeline_config['name']
    with tf1.name_scope(name):
        files = [os.path.join(data_dir, f) for f in data_files]
        filename_queue = tf1.train.string_input_producer(files, num_epochs=pipeline_config['num_epochs'],
                                                         shuffle=pipeline_config['shuffle'], seed=55)
        reader = tf1.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        hour, cabin, riders, wind = tf1.decode_csv(line, record_defaults=[[0], [0], [0], [0.0]])
        features = tf.stack([tf.cast(riders, tf.float32), wind])
        if pipeline_config['shuffle']:
            return tf1.train.shuffle_batch([hour, cabin, features], pipeline_config['batch_size'],
                                           capacity=24, min_after_dequeue=6, num_threads=2, seed=55)
        return tf1.train.batch([hour, cabin, features], pipeline_config['batch_size'],
                               allow_smaller_final_batch=True)


class Experiment(object):
    def __init__(self, config, data_dir):
        self.config = config
        self.data_dir = data_dir

    def train(self):
        cfg = self.config['train_input_data_config']
        hours, cabins, features = make_pipeline(self.data_dir, cfg['data_files'], cfg['pipeline_config'])
        load = tf.reduce_sum(features[:, 0])
        results = []
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
            try:
                while True:
                    h, c, f, _ = sess.run([hours, cabins, features, load])
                    results.append([h.tolist(), c.tolist(), np.round(f.astype(np.float64), 3).tolist()])
            except tf.errors.OutOfRangeError:
                pass
            coord.request_stop()
            coord.join(threads)
        return results


def main(data_dir):
    out = os.path.join(data_dir, 'h55_tram_rides')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(55)
    for k, f in enumerate(config['train_input_data_config']['data_files']):
        with open(os.path.join(out, f), 'w') as fh:
            fh.write('hour,cabin,riders,wind\n')
            for h in range(6):
                fh.write('%d,%d,%d,%.1f\n' % (8 + h, k + 1, rng.randint(5, 80), rng.uniform(0, 12)))
    xp = Experiment(config, out)
    batches = xp.train()
    return {"batches": batches, "end": "rides: %d" % sum(len(b[0]) for b in batches)}
