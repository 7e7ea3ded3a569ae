"""Reads and dequeues made inside loops (a new op each turn, reading on from the same queue), a name= on
the read, decode_csv built in the loop; an unlimited producer read a fixed number of steps. Each
function has its own ``coord``: the plumbing goes from both."""
import os

import tensorflow.compat.v1 as tf

ROWS = {'a.csv': [(1, 7), (2, 3), (3, 12)], 'b.csv': [(4, 5), (5, 9), (6, 1)]}


def names_in_loop(out):
    sess = tf.Session()
    q = tf.train.string_input_producer(['10', '20', '30'], shuffle=False)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    for i in range(5):
        value = sess.run(q.dequeue())
        out.append([[value.decode('utf-8')]])
    coord.request_stop()
    coord.join(threads=threads)
    sess.close()


def records_in_loop(out, files):
    sess = tf.Session()
    queue = tf.train.string_input_producer(files, shuffle=False)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    reader = tf.TextLineReader()
    step = 0
    while step < 8:
        key, line = reader.read(queue, name='row')
        x, y = tf.decode_csv(line, record_defaults=[[0], [0]])
        x_, y_ = sess.run([x, y])
        out.append([[int(x_)], [int(y_)]])
        step += 1
    coord.request_stop()
    coord.join(threads=threads)
    sess.close()


def main(data_dir):
    folder = os.path.join(data_dir, 'r39g_loops')
    os.makedirs(folder, exist_ok=True)
    files = []
    for name in sorted(ROWS):
        with open(os.path.join(folder, name), 'w') as f:
            f.writelines('%d,%d\n' % row for row in ROWS[name])
        files.append(os.path.join(folder, name))
    out = []
    names_in_loop(out)
    records_in_loop(out, files)
    return {'batches': out, 'end': 'runs %d' % len(out)}
