"""One tensor, the line a reader reads, through a RandomShuffleQueue stage: its queue of one component dequeues
the bare line, batched as a list of one."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from f10_stages import shuffling as stages


def main(data_dir):
    path = os.path.join(data_dir, 'f10_words.txt')
    with open(path, 'w') as f:
        f.write('\n'.join('word%02d' % i for i in range(12)) + '\n')
    reader = tf.TextLineReader()
    _, line = reader.read(tf.train.string_input_producer([path], num_epochs=1, shuffle=False))
    line = stages.mix(line, capacity=16, seed=3)
    batch = tf.train.batch([line], batch_size=4)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                words = sess.run(batch)
                batches.append([np.char.decode(np.asarray(words, dtype=bytes)).tolist()])  # (a list of one would nest)
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
