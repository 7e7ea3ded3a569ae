"""A reader class handed to another module's class, kept on `self` and handed on by its method to a reader
function; the object made inline (`RecordLoader(files, tf.TFRecordReader).inputs()`)."""
import os

import tensorflow.compat.v1 as tf

from rdrcls_lib.loader import RecordLoader


def main(data_dir):
    folder = os.path.join(data_dir, 'rdrcls_loader')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'scores.record')
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(9):
            feature = {'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                       'score': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 0.25]))}
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    ids, scores = RecordLoader([path], tf.TFRecordReader).inputs()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, s = sess.run([ids, scores])
                batches.append([i.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'scores: %d' % sum(len(b[0]) for b in batches)}
