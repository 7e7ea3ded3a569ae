"""The per-record code calls a method of a class of another module (`vocab.Vocab.encode`), which makes its table
on the first call through a second method; the tables initialized by `initialize_all_tables()`, in a group."""

import glob
import os

from tensorflow.compat import v1 as tf

from table_reach_lib import vocab


def inputs(data_dir, words):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(filename_queue)
    features = tf.parse_single_example(serialized, {'label': tf.FixedLenFeature([], tf.int64)})
    encoded = words.encode(features['label'] % 9)
    return tf.train.batch([features['label'], encoded], batch_size=12)


def main(data_dir):
    label, encoded = inputs(data_dir, vocab.Vocab(9))
    batches, end = [], None
    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer(), tf.initialize_all_tables())
    with tf.Session() as sess:
        sess.run(init)
        coord = tf.train.Coordinator()
        tf.train.start_queue_runners(sess, coord)
        while not coord.should_stop():
            try:
                x, y = sess.run([label, encoded])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
                coord.request_stop()
                break
            batches.append([x.tolist(), y.tolist()])
    return {'batches': batches, 'end': end}
