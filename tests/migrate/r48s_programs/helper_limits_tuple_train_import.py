import os

import numpy as np
import tensorflow as tf
from tensorflow.compat.v1 import train


def column_tensors(ids, weights, epochs):
    id_t = tf.constant(ids, dtype=tf.int64)
    weight_t = tf.constant(weights)
    return (train.limit_epochs(id_t, num_epochs=epochs), train.limit_epochs(weight_t, num_epochs=epochs))


def main(data_dir):
    folder = os.path.join(data_dir, 'r48s_columns')
    os.makedirs(folder, exist_ok=True)
    np.save(os.path.join(folder, 'weights.npy'), np.linspace(0.5, 3.0, 6).astype(np.float32))
    weights = np.load(os.path.join(folder, 'weights.npy'))
    pair = column_tensors(list(range(10, 16)), weights, epochs=2)
    ids, ws = train.batch(pair, batch_size=4, enqueue_many=True)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            a, b = sess.run([ids, ws])
            batches.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'OutOfRangeError'}
