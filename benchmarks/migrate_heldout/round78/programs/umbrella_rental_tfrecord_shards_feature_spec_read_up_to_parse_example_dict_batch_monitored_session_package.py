"""Umbrella-rental trips in two TFRecord shards: a model_input module with a FEATURE_SPEC, read_up_to +
parse_example, a dict train.batch(enqueue_many=True), labels popped from the dict, a
MonitoredTrainingSession loop."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from umb78 import model_input

STATIONS = ['pier', 'museum', 'station', 'market']


def write_shards(out_dir):
    rng = np.random.RandomState(2178)
    n = 0
    for shard, count in enumerate([6, 5]):
        path = os.path.join(out_dir, 'trips-%05d-of-00002.tfrecord' % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for _ in range(count):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'station': tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[STATIONS[n % 4].encode()])),
                    'hours': tf.train.Feature(float_list=tf.train.FloatList(
                        value=[round(float(rng.uniform(0.5, 30)), 1)])),
                    'rain_mm': tf.train.Feature(float_list=tf.train.FloatList(
                        value=[round(float(rng.uniform(0, 12)), 1)])),
                    'returned': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 2))])),
                }))
                w.write(ex.SerializeToString())
                n += 1


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_umbrella')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    write_shards(out_dir)

    features, labels = model_input.make_batch(os.path.join(out_dir, 'trips-*'), batch_size=4, num_epochs=1)
    global_step = tf.train.get_or_create_global_step()
    step_op = tf.assign_add(global_step, 1)

    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                           log_step_count_steps=None) as sess:
        while not sess.should_stop():
            try:
                f, l, _ = sess.run([features, labels, step_op])
            except tf.errors.OutOfRangeError:
                break
            batches.append([[s.decode() for s in f['station']],
                            np.round(f['hours'].astype(np.float64), 1).tolist(),
                            np.round(f['rain_mm'].astype(np.float64), 1).tolist(), l.tolist()])
    return {"batches": batches, "end": "trips: %d" % sum(len(b[3]) for b in batches)}
