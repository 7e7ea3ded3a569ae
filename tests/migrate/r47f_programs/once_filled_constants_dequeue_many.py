import tensorflow.compat.v1 as tf


def main(data_dir):
    queue = tf.FIFOQueue(capacity=12, dtypes=[tf.int32, tf.string, tf.float32], shapes=[[], [], [2]])
    ids = tf.constant(list(range(12)))
    names = tf.constant(['n%02d' % i for i in range(12)])
    pairs = tf.constant([[i * 0.5, -i * 1.0] for i in range(12)])
    fill = queue.enqueue_many((ids, names, pairs))
    a, b, c = queue.dequeue_many(3)
    scaled = c * 2.0
    batches = []
    with tf.Session() as sess:
        fill.run()
        for _ in range(4):
            av, bv, cv = sess.run([a, b, scaled])
            batches.append([av.tolist(), [s.decode() for s in bv], cv.tolist()])
    return {'batches': batches, 'end': 'read %d' % len(batches)}
