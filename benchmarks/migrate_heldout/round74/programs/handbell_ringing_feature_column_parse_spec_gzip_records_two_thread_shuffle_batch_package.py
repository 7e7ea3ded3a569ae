"""Handbell ringing checks: a company model package whose parsing spec comes from
`tf.feature_column.make_parse_example_spec` (shared with serving), GZIP TFRecords globbed and read by one
`TFRecordReader(options=...)`, a dict `shuffle_batch` on two threads with the label popped after it."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from handbell74_model import input as input_lib


def write_records(data_dir):
    root = os.path.join(data_dir, "h74_handbell")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7413)
    n = 0
    for part in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(root, "bells-%d.tfrecord.gz" % part), input_lib.GZIP) as w:
            for _ in range(6):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'pitch_hz': tf.train.Feature(float_list=tf.train.FloatList(value=[400 + n * 13.5])),
                    'decay_s': tf.train.Feature(float_list=tf.train.FloatList(value=rng.uniform(0, 3, 2).tolist())),
                    'bell': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"CDEG"[n % 4:n % 4 + 1]])),
                    'in_tune': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 2]))}))
                w.write(ex.SerializeToString())
                n += 1
    return os.path.join(root, "bells-*.tfrecord.gz")


def main(data_dir):
    features, label = input_lib.build_input(write_records(data_dir), batch_size=4, num_epochs=1, seed=74)
    bell = tf.sparse.to_dense(features['bell'], default_value='') if isinstance(features['bell'], tf.SparseTensor) \
        else features['bell']
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, b, l = sess.run([features, bell, label])
                batches.append([np.round(f['pitch_hz'][:, 0], 2).tolist(), np.round(f['decay_s'], 3).tolist(),
                                [x[0].decode() if len(x) else '' for x in b], l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "bells: %d" % sum(len(b[3]) for b in batches)}
