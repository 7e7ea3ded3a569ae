import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, 'r48s_pairs')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'pairs.txt'), 'w') as f:
        for i in range(6):
            f.write('%d %s\n' % (i * 3, 'k%d' % i))
    with open(os.path.join(folder, 'pairs.txt')) as f:
        rows = [line.split() for line in f]
    ids = tf.constant([int(r[0]) for r in rows], dtype=tf.int64)
    keys = tf.constant([r[1] for r in rows])
    queue = tf.FIFOQueue(10, [tf.int64, tf.string], shapes=[[], []])
    fill = queue.enqueue_many([ids, keys])
    key_id, key = queue.dequeue()
    key_id = tf.Print(key_id, [queue.size(), key_id, key], 'left: ')
    doubled = key_id * 2
    sess = tf.Session()
    sess.run(fill)
    first = sess.run(queue.size())
    batches = []
    for _ in range(6):
        a, b, c = sess.run([key_id, key, doubled])
        batches.append([[int(a)], [b.decode()], [int(c)]])
    sess.close()
    return {'batches': batches, 'end': 'size %d' % first}
