"""A list of one tensor handed to a RandomShuffleQueue stage: the queue of one component dequeues the bare
tensor, which the program batches as a list of one."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from f10_stages.shuffling import mix


def main(data_dir):
    path = os.path.join(data_dir, 'f10_numbers.txt')
    with open(path, 'w') as f:
        f.write('\n'.join('%d' % (i * 7) for i in range(12)) + '\n')
    _, line = tf.TextLineReader().read(tf.train.string_input_producer([path], num_epochs=1, shuffle=False))
    value = tf.string_to_number(line, out_type=tf.int32)
    number = mix([value], capacity=16)
    batch = tf.train.batch([number], batch_size=4)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append([np.asarray(b).tolist()])  # (a list of one would nest)
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
