"""`reader = reader or tf.TFRecordReader()` in a helper of this module, its caller passing `reader=None`."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from nr_lib import records


def read_record(filename_queue, scale, reader=None):
    reader = reader or tf.TFRecordReader()
    _, value = reader.read(filename_queue)
    feats = tf.parse_single_example(value, {'id': tf.FixedLenFeature([], tf.int64),
                                            'word': tf.FixedLenFeature([], tf.string)})
    return feats['id'] * scale, feats['word']


def main(data_dir):
    pattern = records.write_shards(os.path.join(data_dir, 'nr_or_default'))
    queue = train.string_input_producer(tf.gfile.Glob(pattern), num_epochs=1, shuffle=False)
    ident, word = read_record(queue, 10, reader=None)
    ids, words = train.batch([ident, word], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, w = sess.run([ids, words])
                batches.append([i.tolist(), [x.decode() for x in w]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'read %d' % sum(len(b[0]) for b in batches)}
