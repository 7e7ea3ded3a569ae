"""The file queue made by a helper of the same module (`file_queue(files, num_epochs=...)`, one `return` of the
producer, a module constant as a default), the reader helper and the batch in the caller; `import tensorflow as
tf` with `tf.compat.v1` spelled out."""

import glob
import os

import tensorflow as tf

SHUFFLE = False


def file_queue(files, num_epochs=None, shuffle=SHUFFLE):
    """The queue of training files."""
    return tf.compat.v1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=shuffle)


def read_and_decode(filename_queue):
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.io.parse_single_example(serialized, {
        'x': tf.io.FixedLenFeature([3], tf.float32),
        'label': tf.io.FixedLenFeature([1], tf.int64),
    })
    return features['x'] * 2.0, features['label']


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    queue = file_queue(files, num_epochs=1)
    x, label = read_and_decode(queue)
    xs, labels = tf.compat.v1.train.batch([x, label], batch_size=13, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([xs, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
