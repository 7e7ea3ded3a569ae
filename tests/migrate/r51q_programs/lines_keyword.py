"""A CSV helper imported by name, its queue passed by keyword; a second program calls it too."""
import os

import tensorflow.compat.v1 as tf

from r51q_lib.lines import read_lines


def _write(path, rows, base):
    with open(path, 'w') as f:
        f.write('a,b\n')
        for i in range(rows):
            f.write('%d,%.1f\n' % (base + i, (base + i) / 4.0))


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_lines')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'rows.csv')
    _write(path, 8, 0)
    queue = tf.train.string_input_producer([path], num_epochs=2, shuffle=False)
    a, b = read_lines(batch_size=4, filename_queue=queue)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([a, b])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
