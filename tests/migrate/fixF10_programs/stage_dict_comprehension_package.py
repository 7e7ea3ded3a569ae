"""Rows of a CSV as a dict made by a comprehension, through a RandomShuffleQueue stage of another module whose
queue takes the dict's keys as `names` (chosen by `isinstance(tensors, dict)`), then a dict `train.batch`."""
import os

import tensorflow.compat.v1 as tf

from f10_stages import shuffling

KEYS = ['plot', 'height', 'count']


def main(data_dir):
    path = os.path.join(data_dir, 'f10_plots.csv')
    with open(path, 'w') as f:
        for i in range(12):
            f.write('p%02d,%.1f,%d\n' % (i, 1.5 * i, i % 4))
    producer = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(producer)
    cols = tf.decode_csv(line, record_defaults=[[''], [0.0], [0]])
    row = {k: v for k, v in zip(KEYS, cols)}
    row = shuffling.mix(row, capacity=32, seed=9)
    batch = tf.train.batch(row, batch_size=3)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append({'plot': [x.decode() for x in b['plot']], 'height': b['height'].tolist(),
                                'count': b['count'].tolist()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
