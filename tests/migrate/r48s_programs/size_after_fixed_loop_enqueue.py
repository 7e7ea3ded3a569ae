import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, 'r48s_loop')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'codes.txt'), 'w') as f:
        f.write('\n'.join(str(7 * i + 1) for i in range(8)))
    with open(os.path.join(folder, 'codes.txt')) as f:
        codes = [int(line) for line in f]
    q = tf.FIFOQueue(8, tf.int32)
    values = tf.constant(codes)
    fill = q.enqueue_many(values)
    code = q.dequeue()
    scaled = code * 10
    sess = tf.Session()
    sess.run(fill)
    sizes = [int(sess.run(q.size()))]
    batches = []
    for _ in range(3):
        batches.append([[int(sess.run(scaled))]])
    batches.append([[int(code.eval(session=sess))]])
    sizes.append(int(sess.run(q.size())))
    for i in range(2, 4):
        batches.append([[int(sess.run(code))]])
    left = sess.run(q.size())
    sess.close()
    return {'batches': batches, 'end': 'sizes %s left %d' % (sizes, left)}
