"""A package reader subclass (`LineReader(Reader)`): the base's `get_input_fn` closure reads through the
subclass's `get_record` (producer kept on `self.queue` behind `if self.queue is None`) and `decode_record`."""
import os

import tensorflow.compat.v1 as tf

from k2lib.lines import LineReader


def main(data_dir):
    folder = os.path.join(data_dir, 'k2_lines')
    os.makedirs(folder, exist_ok=True)
    for part in range(2):
        with open(os.path.join(folder, 'p%d.csv' % part), 'w') as f:
            f.write('who,count\n')
            for i in range(5):
                f.write('w%d,%d\n' % (part * 5 + i, i + part))
    features = LineReader(os.path.join(folder, 'p*.csv'), 3, False).get_input_fn()()
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out = sess.run(features)
                batches.append([[w.decode() for w in out['who']], out['count'].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
