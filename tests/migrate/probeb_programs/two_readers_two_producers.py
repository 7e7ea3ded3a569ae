"""Two readers, each on its own unshuffled producer of one file list, batched in step."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def write(data_dir):
    files = []
    for k in range(3):
        path = os.path.join(data_dir, 'probeb_two_%d.txt' % k)
        with open(path, 'w') as f:
            for i in range(4):
                f.write('%d\n' % (k * 10 + i))
        files.append(path)
    return files


def main(data_dir):
    files = write(data_dir)
    first = train.string_input_producer(files, num_epochs=1, shuffle=False)
    second = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, a = tf.TextLineReader().read(first)
    _, b = tf.TextLineReader().read(second)
    batch = train.batch([tf.string_to_number(a), tf.string_to_number(b) * -1.0], batch_size=3)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess, coord)
        try:
            while True:
                x, y = sess.run(batch)
                out.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
