"""A reader object, made with a literal argument the line before, handed to another module's reader function
imported by name."""
import os

import tensorflow as tf

from rdrcls_lib.decoding import parse_line


def line_batches(path):
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    station, level = parse_line(reader, queue)
    return tf.compat.v1.train.batch([station, level], batch_size=2)


def main(data_dir):
    folder = os.path.join(data_dir, 'rdrcls_object_package')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    lines = os.path.join(folder, 'levels.csv')
    with open(lines, 'w') as f:
        f.write('station,level\n')
        for i in range(6):
            f.write('st%d,%d\n' % (i, i * 7))
    batch = line_batches(lines)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, v = sess.run(batch)
                batches.append([[x.decode() for x in s], v.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'levels: %d' % sum(len(b[1]) for b in batches)}
