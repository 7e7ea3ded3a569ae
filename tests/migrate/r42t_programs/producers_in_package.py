"""The producers come from a helper of another module; the caller reads the first and drops the second."""
import os

import tensorflow.compat.v1 as tf

from r42t_lib.sources import split_producers


def main(data_dir):
    root = os.path.join(data_dir, 'r42t_package')
    os.makedirs(root, exist_ok=True)
    for i in range(8):
        with open(os.path.join(root, 'f%d.txt' % i), 'w') as f:
            f.write(str(i * 3))
    first, _ = split_producers(root)
    name = first.dequeue()
    value = tf.string_to_number(tf.read_file(name), tf.int32)
    values, names = tf.train.batch([value, name], batch_size=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, n = sess.run([values, names])
                batches.append([v.tolist(), [os.path.basename(x.decode()) for x in n]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
