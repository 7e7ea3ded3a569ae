"""One epoch of a CSV file, batched, handed to a model module that prefetches it; a Coordinator loop to the end."""
import os

import tensorflow.compat.v1 as tf

from fixc3_lib import model


def main(data_dir):
    path = os.path.join(data_dir, 'fixc3_epochs.csv')
    with open(path, 'w') as f:
        for i in range(12):
            f.write('%d,%.2f\n' % (i, 0.25 * i))
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(files)
    ident, value = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    ids, values = tf.train.batch([ident, value], batch_size=3)
    got_ids, got_values, total = model.build(ids, values)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, v, t = sess.run([got_ids, got_values, total])
                batches.append([i.tolist(), v.tolist(), [float(t)]])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
