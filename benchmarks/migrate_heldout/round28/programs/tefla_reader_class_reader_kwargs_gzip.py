import os

import numpy as np
import tensorflow as tf

from tefla28_lib.dataset import Dataset
from tefla28_lib.reader import Reader

tf1 = tf.compat.v1

NUM_EPOCHS = 1
BATCH_SIZE = 4


def main(data_dir):
    dataset = Dataset('dr', os.path.join(data_dir, 'h28_tefla_reader_class_reader_kwargs_gzip'))
    dataset.write()
    reader = Reader(dataset,
                    reader_kwargs={'options': tf1.python_io.TFRecordOptions(
                        tf1.python_io.TFRecordCompressionType.GZIP)},
                    shuffle=True, num_readers=2, num_epochs=NUM_EPOCHS)
    ids, feats, labels = reader.batch_inputs(BATCH_SIZE)
    feat_mean = tf.reduce_mean(feats, axis=1)
    batches = []
    sess = tf1.Session()
    sess.run(tf1.group(tf1.global_variables_initializer(), tf1.local_variables_initializer()))
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess, coord)
    step = 0
    try:
        while True:
            i, m, l = sess.run([ids, feat_mean, labels])
            batches.append([i.tolist(), np.round(m, 3).tolist(), l.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        end = 'done after %d steps' % step
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
