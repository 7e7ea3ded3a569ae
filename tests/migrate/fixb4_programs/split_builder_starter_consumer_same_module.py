"""KittiSeg's split, in one module: ``create_queues`` makes and returns the queue (with its fill-level summary),
``start_enqueuing_threads`` makes the placeholders and the enqueue op and starts one thread on the session it is
handed (its feeding loop a function of its own, reading the close op it closes over), ``inputs`` dequeues
(``dequeue_many``); the program reads a fixed number of steps."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

CAPACITY = 30


def _rows(path):
    for line in open(path):
        a, b = line.split()
        yield np.full([2, 2], float(a), np.float32), int(b)


def create_queues(hypes, phase):
    dtypes = [tf.float32, tf.int32]
    shapes = ([2, 2], [])
    q = tf.FIFOQueue(capacity=CAPACITY, dtypes=dtypes, shapes=shapes)
    tf.summary.scalar("queue/%s/fraction_of_%d_full" % (q.name + "_" + phase, CAPACITY),
                      tf.cast(q.size(), tf.float32) * (1. / CAPACITY))
    return q


def start_enqueuing_threads(hypes, q, phase, sess, data_dir):
    image_pl = tf.placeholder(tf.float32)
    label_pl = tf.placeholder(tf.int32)
    enqueue_op = q.enqueue([image_pl, label_pl])
    close_op = q.close()

    def enqueue_loop(sess, enqueue_op, phase, gen):
        for image, label in gen:
            sess.run(enqueue_op, feed_dict={image_pl: image, label_pl: label})
        sess.run(close_op)

    gen = _rows(os.path.join(data_dir, hypes[phase]))
    t = threading.Thread(target=enqueue_loop, args=(sess, enqueue_op, phase, gen))
    t.daemon = True
    t.start()
    return t


def inputs(hypes, q, phase):
    image, label = q.dequeue_many(hypes['batch_size'])
    return image, label


def main(data_dir):
    root = os.path.join(data_dir, 'fixb4_split')
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, 'train.txt'), 'w') as f:
        f.write('\n'.join('%d %d' % (i, i % 3) for i in range(12)) + '\n')
    hypes = {'train': 'train.txt', 'batch_size': 3, 'max_steps': 4}
    queue = create_queues(hypes, 'train')
    image, labels = inputs(hypes, queue, phase='train')
    mean = tf.reduce_mean(image, axis=[1, 2])
    sess = tf.Session()
    t = start_enqueuing_threads(hypes, queue, 'train', sess, root)
    out = []
    for step in range(hypes['max_steps']):
        im, lb, m = sess.run([image, labels, mean])
        out.append([im.tolist(), lb.tolist(), m.tolist()])
    t.join()
    sess.close()
    return {"batches": out, "end": "steps"}
