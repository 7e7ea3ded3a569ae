"""A dict made by `dict(...)` through a FIFOQueue stage whose queue is named by the dict's own keys, then a
dict `train.batch`: the order is the file's."""
import os

import tensorflow.compat.v1 as tf

from f10_stages.shuffling import hold


def main(data_dir):
    path = os.path.join(data_dir, 'f10_scores.csv')
    with open(path, 'w') as f:
        for i in range(10):
            f.write('%d,%.2f\n' % (i, 0.5 + i / 4.0))
    producer = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(producer)
    ident, score = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    row = dict(ident=ident, score=score * 2.0)
    staged = hold(row, capacity=8)
    batch = tf.train.batch(staged, batch_size=4, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append({'ident': b['ident'].tolist(), 'score': b['score'].tolist()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
