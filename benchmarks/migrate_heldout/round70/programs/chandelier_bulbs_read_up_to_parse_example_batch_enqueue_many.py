"""Chandelier bulb-replacement logs: TFRecords read four at a time by `read_up_to`, parsed with `parse_example`, then
`train.batch(enqueue_many=True)` on one thread -- an estimator-era `input_fn` shape without the estimator."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 5

FEATURE_SPEC = {
    'fixture': tf.FixedLenFeature([], tf.string),
    'arms': tf.FixedLenFeature([], tf.int64),
    'watts': tf.FixedLenFeature([], tf.float32),
    'burnt': tf.FixedLenFeature([], tf.int64, default_value=0),
}


def write_logs(path):
    rng = np.random.RandomState(70)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(15):
            feat = {
                'fixture': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'hall-%02d' % i])),
                'arms': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(3, 13))])),
                'watts': tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.choice([25, 40, 60]))])),
            }
            if i % 4:
                feat['burnt'] = tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 3))]))
            w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())


def input_fn(filenames, batch_size=BATCH_SIZE, num_epochs=1):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_examples = reader.read_up_to(filename_queue, num_records=4)
    features = tf.parse_example(serialized_examples, features=FEATURE_SPEC)
    features['load_w'] = tf.cast(features['arms'], tf.float32) * features['watts']
    batch = tf.train.batch(features, batch_size, num_threads=1, capacity=batch_size * 4, enqueue_many=True)
    label = batch.pop('burnt')
    return batch, label


def main(data_dir):
    out = os.path.join(data_dir, 'h70_chandelier')
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'bulbs.tfrecord')
    write_logs(path)

    features, label = input_fn([path])

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, label])
                batches.append([[x.decode() for x in f['fixture']], f['arms'].tolist(),
                                np.round(f['load_w'], 1).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "fixtures: %d" % sum(len(b[0]) for b in batches)}
