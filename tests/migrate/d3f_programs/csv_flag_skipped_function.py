"""A reader helper that lists its files itself (``matching_files`` of a module pattern) and reorders the list
under a flag its one caller passes as a literal ``False`` (``import tensorflow.compat.v1 as tf``): the skipped
``if`` binds nothing, so the list moves to the call site as the producer's argument."""
import os

import tensorflow.compat.v1 as tf

PATTERN = None


def read_rows(shuffle_files=True):
    files = tf.matching_files(PATTERN)
    if shuffle_files:
        files = tf.random_shuffle(files, seed=3)
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(queue)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    return a, b * 2.0


def main(data_dir):
    global PATTERN
    folder = os.path.join(data_dir, 'd3f_csv')
    os.makedirs(folder, exist_ok=True)
    for k in range(3):
        with open(os.path.join(folder, 'part-%d.csv' % k), 'w') as f:
            for i in range(4):
                f.write('%d,%.1f\n' % (10 * k + i, i * 0.5))
    PATTERN = os.path.join(folder, 'part-*.csv')
    a, b = read_rows(shuffle_files=False)
    xa, xb = tf.train.batch([a, b], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                u, v = sess.run([xa, xb])
                batches.append([u.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
