"""Fondue pot swatches: a CycleGAN-style `create_pipeline(filename, width, height, depth, batch_size, name)`
called once per domain under its own `variable_scope`, height / width / depth features, two-thread
`shuffle_batch` of a bare image."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from fondue73.pipeline import create_pipeline, write_records

BATCH_SIZE = 2


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_fondue')
    os.makedirs(folder, exist_ok=True)
    a_path = write_records(folder, 'cheese.tfrecords', 6, 0)
    b_path = write_records(folder, 'chocolate.tfrecords', 6, 8)
    input_A = create_pipeline(a_path, batch_size=BATCH_SIZE, name='input_A')
    input_B = create_pipeline(b_path, batch_size=BATCH_SIZE, name='input_B')
    mean_A = tf.reduce_mean(input_A, axis=[1, 2, 3])
    mean_B = tf.reduce_mean(input_B, axis=[1, 2, 3])
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    for domain, mean in (('A', mean_A), ('B', mean_B)):
        try:
            while True:
                m = sess.run(mean)
                batches.append([[domain] * len(m), np.round(m.astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "swatches: %d" % (BATCH_SIZE * len(batches))}
