"""CSV rows read by one TextLineReader (`import tensorflow.compat.v1 as tf`), each per-element tensor logged
between the read and the batch: `logging.info('%s', t)`, an f-string given to a log function of the module,
`str(t)` in a concatenation given to it, `tf.logging.info`, and a dead `tf.cast` of the label."""
import logging
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH = 4


def log_line(msg):
    """The module's own log: formats text and logs it."""
    text = "fixD: %s" % msg
    logging.debug(text)
    return text


def rows(path):
    queue = tf.train.string_input_producer([path], num_epochs=2, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(queue)
    cols = tf.decode_csv(line, [[0.0], [0.0], [0.0], [0]])
    features = tf.stack(cols[:3])
    logging.info('features: %s', features)
    label = cols[3]
    log_line(f"label {label} of {features.dtype}")
    as_float = tf.cast(label, tf.float32)
    log_line("row " + str(features))
    tf.logging.info("label %s", label)
    return tf.train.batch([features, label], batch_size=BATCH, num_threads=1)


def main(data_dir):
    folder = os.path.join(data_dir, 'fixD_logged_csv')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    rng = np.random.RandomState(3)
    with open(path, 'w') as f:
        for i in range(8):
            f.write('%.3f,%.3f,%.3f,%d\n' % (rng.rand(), rng.rand(), rng.rand(), i % 3))
    features, labels = rows(path)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                out.append([np.round(f.astype(np.float64), 5).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'rows: %d' % sum(len(b[1]) for b in out)}
