"""Toll booth passages: estimator-era company code reading TFRecord shards with
`learn.read_batch_examples(..., randomize_input=False, num_epochs=1)` and `parse_example` after the batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from contrib72 import learn

FEATURE_SPEC = {
    'axles': tf.FixedLenFeature([], tf.int64),
    'fare': tf.FixedLenFeature([], tf.float32),
    'plate': tf.FixedLenFeature([], tf.string),
}


def write_shards(folder):
    rng = np.random.RandomState(17)
    n = 0
    for shard in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(folder, 'passages-%05d-of-00002' % shard)) as w:
            for _ in range(5):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'axles': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(2, 6))])),
                    'fare': tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.randint(100, 900)) / 100])),
                    'plate': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'TB-%03d' % n])),
                }))
                w.write(ex.SerializeToString())
                n += 1


def get_input_fn(file_pattern, batch_size, num_epochs=None):
    def _input_fn():
        serialized = learn.read_batch_examples(
            file_pattern, batch_size, tf.TFRecordReader, randomize_input=False,
            num_epochs=num_epochs, queue_capacity=100, name='read_passages')
        features = tf.parse_example(serialized, FEATURE_SPEC)
        target = features.pop('fare')
        return features, target
    return _input_fn


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_toll')
    os.makedirs(folder, exist_ok=True)
    write_shards(folder)

    features, target = get_input_fn(os.path.join(folder, 'passages-*'), 2, num_epochs=1)()
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, t = sess.run([features, target])
                batches.append([f['axles'].tolist(), [p.decode() for p in f['plate']], np.round(t, 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "passages: %d" % (2 * len(batches))}
