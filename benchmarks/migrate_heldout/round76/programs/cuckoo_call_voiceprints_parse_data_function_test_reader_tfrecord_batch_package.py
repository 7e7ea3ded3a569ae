# Cuckoo-clock calls: a 6-value mel summary per call and the clock's id, scored by a voiceprint model's test loop.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from cuckoo76 import reader


def main(data_dir):
    out = os.path.join(data_dir, 'h76_cuckoo')
    if not os.path.isdir(out):
        os.makedirs(out)
    path = os.path.join(out, 'test.tfrecord')
    rng = np.random.RandomState(12)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(10):
            feat = {'data': tf.train.Feature(float_list=tf.train.FloatList(
                        value=np.round(rng.rand(reader.DATA_SIZE), 3).tolist())),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 4]))}
            w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())

    test_batch = reader.test_reader_tfrecord(path, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for batch_id in range(10):
                batch = sess.run(test_batch)
                batches.append([np.round(batch['data'], 3).tolist(), batch['label'].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "calls: %d" % sum(len(b[1]) for b in batches)}
