import os
import numpy as np
import tensorflow.compat.v1 as tf

from tramp57_lib.config.config_agent import FLAGS
from tramp57_lib.inputs import clip_reader as reader

SKILLS = ['tuck_jump', 'pike_jump', 'straddle', 'seat_drop', 'barani', 'back_somersault']


def prepare(folder):
    frames_dir = os.path.join(folder, 'frames')
    if not os.path.isdir(frames_dir):
        os.makedirs(frames_dir)
    rng = np.random.RandomState(2018)
    lines = []
    for i in range(9):
        name = 'routine%02d.npy' % i
        np.save(os.path.join(frames_dir, name), rng.randint(0, 255, size=(4, 2, 2)).astype(np.uint8))
        lines.append('%s %d' % (name, i % len(SKILLS)))
    lst = os.path.join(folder, 'train.lst')
    with open(lst, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return lst, frames_dir


def main(data_dir):
    FLAGS['lst_path'], FLAGS['frames_dir'] = prepare(os.path.join(data_dir, 'h57_trampoline_routines'))
    clips, labels, enqueue_op, close_op = reader.build_start_nodes()
    height = tf.reduce_mean(tf.cast(clips, tf.float32), axis=[1, 2, 3, 4])
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = reader.threads_ready(sess, coord, enqueue_op, close_op)
    batches = []
    while True:
        try:
            c, l, h = sess.run([clips, labels, height])
        except tf.errors.OutOfRangeError:
            break
        batches.append([c.tolist(), [SKILLS[i] for i in l], np.round(h.astype(np.float64), 3).tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "routines: %d" % sum(len(b[1]) for b in batches)}
