"""YouTube-8M train.py style: several readers of a reader class (another module) on one filename queue,
joined by shuffle_batch_join with enqueue_many."""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from yt8m_lib import readers  # noqa: E402


def get_input_data_tensors(reader, data_pattern, batch_size=10, num_readers=2, num_epochs=None):
    with tf.name_scope('train_input'):
        files = sorted(tf.gfile.Glob(data_pattern))
        if not files:
            raise IOError('Unable to find training files. data_pattern=' + data_pattern)
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True)
        training_data = [reader.prepare_reader(filename_queue) for _ in range(num_readers)]

        return tf.train.shuffle_batch_join(
            training_data,
            batch_size=batch_size,
            capacity=batch_size * 8,
            min_after_dequeue=batch_size,
            allow_smaller_final_batch=True,
            enqueue_many=True)


def main(data_dir):
    reader = readers.ExampleRecordReader(feature_name='x', feature_size=3)
    labels, features = get_input_data_tensors(
        reader, os.path.join(data_dir, 'records-[23].tfrecord'), batch_size=10, num_readers=2, num_epochs=1)

    batches = []
    end = None
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            label_val, feature_val = sess.run([labels, features])
            batches.append([label_val.tolist(), feature_val.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
