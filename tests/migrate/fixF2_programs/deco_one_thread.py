"""A feeding thread whose target a decorator made: `@read_wrapper` returns `inner`, which reads a list file and
enqueues each clip `func` (the decorated function) loads; one thread, which closes the queue."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

BATCH = 3


def write_clips(folder, n):
    rng = np.random.RandomState(7)
    lines = []
    for i in range(n):
        name = 'clip%02d.npy' % i
        np.save(os.path.join(folder, name), rng.randint(0, 255, size=(2, 2)).astype(np.uint8))
        lines.append('%s %d' % (name, i % 4))
    lst = os.path.join(folder, 'clips.lst')
    with open(lst, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return lst


def read_wrapper(func):
    def inner(clip_in, label_in, sess, enqueue_op, close_op, coord, lst_path):
        with open(lst_path) as f:
            lines = [l.strip() for l in f if l.strip()]
        for line in lines:
            if coord.should_stop():
                break
            name, label = line.split(' ')
            clip = func(os.path.join(os.path.dirname(lst_path), name))
            sess.run(enqueue_op, feed_dict={clip_in: clip, label_in: int(label)})
        sess.run(close_op)
    return inner


@read_wrapper
def read_clip(path):
    return np.load(path)


def main(data_dir):
    folder = os.path.join(data_dir, 'deco_one_thread')
    os.makedirs(folder, exist_ok=True)
    lst = write_clips(folder, 9)
    clip_in = tf.placeholder(tf.uint8, [2, 2])
    label_in = tf.placeholder(tf.int32, [])
    queue = tf.FIFOQueue(6, [tf.uint8, tf.int32], shapes=[[2, 2], []])
    enqueue_op = queue.enqueue([clip_in, label_in])
    close_op = queue.close()
    clips, labels = queue.dequeue_many(BATCH)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    t = threading.Thread(target=read_clip, args=(clip_in, label_in, sess, enqueue_op, close_op, coord, lst))
    t.daemon = True
    t.start()
    out = []
    while True:
        try:
            c, l = sess.run([clips, labels])
        except tf.errors.OutOfRangeError:
            break
        out.append([c.tolist(), l.tolist()])
    coord.request_stop()
    coord.join([t])
    sess.close()
    return {'batches': out, 'end': len(out)}
