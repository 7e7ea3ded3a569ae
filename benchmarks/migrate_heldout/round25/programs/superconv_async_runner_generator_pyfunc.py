"""Super-convergence style AsyncRunner: a py_func calling next(generator) feeds a RandomShuffleQueue."""
import os

import tensorflow as tf

from superconv_lib.generators import CsvRowGenerator
from superconv_lib.multithread_generator import AsyncRunner

BATCH_SIZE = 4


def write_data(root):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'train.csv')
    with open(path, 'w') as f:
        for i in range(24):
            f.write('%d,%.1f,%.2f,%d\n' % (i, i * 0.5, i * 0.25, i % 3))
    return path


def main(data_dir):
    path = write_data(os.path.join(data_dir, 'h25_superconv_async_runner_generator_pyfunc'))
    train_gen = CsvRowGenerator(path)
    runner = AsyncRunner(train_gen, 'train_input')
    x, y = runner.get_inputs(BATCH_SIZE)
    y_onehot = tf.one_hot(y, 3, dtype=tf.int32)

    batches, end = [], None
    sess = tf.compat.v1.Session()
    coord = tf.compat.v1.train.Coordinator()
    threads = runner.create_threads(sess, coord)
    try:
        while True:
            xs, ys, oh = sess.run([x, y, y_onehot])
            batches.append([xs.tolist(), ys.tolist(), oh.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
