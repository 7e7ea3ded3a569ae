"""Rhubarb stalk measurements in a tab-separated file with a header (length, girth, redness, grade) read the
everyday student way: ``TextLineReader(skip_header_lines=1)``, ``decode_csv(..., field_delim='\\t')``, features
stacked, the grade one-hot, a one-thread ``train.batch`` and a ``while not coord.should_stop()`` loop with a step
counter. Written from knowledge of that common form (no file found for it in this session)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 5
NUM_GRADES = 3


def _write(path):
    rng = np.random.RandomState(4)
    with open(path, 'w') as f:
        f.write('length\tgirth\tredness\tgrade\n')
        for _ in range(10):
            f.write('%.1f\t%.2f\t%.2f\t%d\n' % (rng.uniform(20, 60), rng.uniform(1, 4), rng.uniform(0, 1),
                                                rng.randint(0, NUM_GRADES)))


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_rhubarb')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'stalks.tsv')
    _write(path)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    record_defaults = [[0.0], [0.0], [0.0], [0]]
    length, girth, redness, grade = tf.decode_csv(value, record_defaults=record_defaults, field_delim='\t')
    features = tf.stack([length, girth, redness])
    label = tf.one_hot(grade, NUM_GRADES)
    x_batch, y_batch = tf.train.batch([features, label], batch_size=BATCH_SIZE, num_threads=1,
                                      capacity=50)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                x, y = sess.run([x_batch, y_batch])
                step += 1
                print('step %d' % step)
                batches.append([np.round(x, 2).tolist(), y.astype(int).tolist()])
        except tf.errors.OutOfRangeError:
            print('done after %d steps' % step)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "stalks: %d" % sum(len(b[1]) for b in batches)}
