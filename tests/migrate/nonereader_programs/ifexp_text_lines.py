"""A text-line helper choosing `tf.TextLineReader() if reader is None else reader`."""
import os

import tensorflow.compat.v1 as tf


def read_line(queue, reader=None):
    reader = tf.TextLineReader() if reader is None else reader
    _, line = reader.read(queue)
    return tf.string_to_number(line, out_type=tf.int32) * 2


def main(data_dir):
    folder = os.path.join(data_dir, 'nr_ifexp')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'lines.txt')
    with open(path, 'w') as f:
        f.write('\n'.join(str(i) for i in range(12)) + '\n')
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    values = tf.train.batch([read_line(queue)], batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(values).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'lines %d' % sum(len(b[0]) for b in batches)}
