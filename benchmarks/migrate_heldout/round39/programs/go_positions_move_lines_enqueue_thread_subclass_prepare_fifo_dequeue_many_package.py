"""Go state-action pairs: a reader class parses move lines in numpy, an EnqueueThread feeds
them through placeholders into a FIFOQueue, the policy net's input is dequeue_many."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from go39_lib.definitions import INPUT_WIDTH
from go39_lib.enqueue_thread import EnqueueThread
from go39_lib.position_reader import PositionActionDataReader

GAMES = [
    'B[c3] W[d4] B[b2]',
    'B[c3] W[c4] B[d3] W[b3]',
    'B[a1] W[e5]',
    'B[b4] W[d2] B[c2] W[c4] B[d3]',
    'B[e1] W[a5] B[b1]',
    'B[c3] W[b3]',
    'B[d4] W[b2] B[c4] W[c2]',
    'B[a3] W[a4] B[b3]',
    'B[e3] W[e4]',
    'B[c1] W[c5] B[d1] W[d5] B[b5]',
    'B[b2] W[d4] B[a2]',
    'B[e2] W[a2] B[e3] W[b2]',
]


def main(data_dir):
    folder = os.path.join(data_dir, 'h39_go_positions')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, '5x5_position_action.txt')
    with open(path, 'w') as f:
        f.write('\n'.join(GAMES) + '\n')

    x_input = tf.placeholder(tf.float32, shape=[None, INPUT_WIDTH], name='x_input')
    y_input = tf.placeholder(tf.int32, shape=[None], name='y_input')
    thread = EnqueueThread([x_input, y_input], size=8)
    x_batch, y_batch = thread.dequeue(4)

    reader = PositionActionDataReader(path, batch_size=3)
    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    thread.prepare(sess, reader.next_batch)
    thread.start()
    step = 0
    while True:
        try:
            xs, ys = sess.run([x_batch, y_batch])
        except tf.errors.OutOfRangeError:
            print('input exhausted after %d steps' % step)
            break
        batches.append([xs.tolist(), ys.tolist()])
        step += 1
    thread.should_stop = True
    thread.join()
    sess.close()
    return {"batches": batches, "end": "positions: %d" % sum(len(b[1]) for b in batches)}
