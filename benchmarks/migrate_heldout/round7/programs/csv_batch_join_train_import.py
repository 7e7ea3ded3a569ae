"""`from tensorflow.compat.v1 import train`: a CSV reader helper called in a loop, joined by batch_join."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def read_csv_row(filename_queue, skip=1):
    reader = tf.TextLineReader(skip_header_lines=skip)
    _, line = reader.read(filename_queue)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    features = tf.stack([tf.cast(a, tf.float32), b])
    return features, label


def input_pipeline(filenames, batch_size, read_threads, num_epochs=None):
    filename_queue = train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    example_list = [read_csv_row(filename_queue) for _ in range(read_threads)]
    capacity = 10 + 3 * batch_size
    feature_batch, label_batch = train.batch_join(
        example_list, batch_size=batch_size, capacity=capacity, allow_smaller_final_batch=True)
    return feature_batch, label_batch


def main(data_dir):
    filenames = [os.path.join(data_dir, 'table-%d.csv' % i) for i in range(3)]
    feature_batch, label_batch = input_pipeline(filenames, batch_size=16, read_threads=3, num_epochs=1)

    batches = []
    end = None
    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    with tf.Session() as sess:
        sess.run(init)
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            step = 0
            while not coord.should_stop():
                features, labels = sess.run([feature_batch, label_batch])
                batches.append([features.tolist(), labels.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
