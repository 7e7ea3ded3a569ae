# Accordion workshop: air use of the bellows for each reed bank.
#
# "Keras as a simplified interface to TensorFlow": Keras layers are called
# straight on TensorFlow tensors (here the batch tensors of a reader queue),
# the TF session is registered with K.set_session, and the learning phase is
# fed at every step.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from kr68_lib import backend as K
from kr68_lib.layers import Dense

BATCH_SIZE = 3


def write_log(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(4068)
    path = os.path.join(folder, 'bellows.csv')
    with open(path, 'w') as f:
        f.write('instrument,reed_rows,pressure_kpa,air_ml\n')
        for i in range(12):
            rows = int(rng.randint(2, 5))
            kpa = round(float(rng.uniform(0.5, 3.0)), 2)
            f.write('%d,%d,%.2f,%d\n' % (i, rows, kpa, int(rows * kpa * 40 + rng.randint(0, 20))))
    return path


def main(data_dir):
    path = write_log(os.path.join(data_dir, 'h68_accordion'))

    sess = tf.Session()
    K.set_session(sess)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    instrument, rows, kpa, air = tf.decode_csv(value, record_defaults=[[0], [0], [0.0], [0]])
    x = tf.stack([tf.cast(rows, tf.float32), kpa])
    y = tf.cast(air, tf.float32) / 100.0
    ids, x_batch, y_batch = tf.train.batch([instrument, x, y], batch_size=BATCH_SIZE,
                                           num_threads=1, capacity=16)

    # Keras layers can be called on TensorFlow tensors:
    h = Dense(4, activation='relu')(x_batch)  # fully-connected layer with 4 units and ReLU activation
    preds = Dense(1)(h)  # output layer
    preds = tf.squeeze(preds, axis=1)

    loss = tf.reduce_mean(tf.square(preds - y_batch))
    train_step = tf.train.GradientDescentOptimizer(0.05).minimize(loss)

    # Initialize all variables
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess.run(init_op)

    batches = []
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=K.get_session(), coord=coord)
    with sess.as_default():
        try:
            while not coord.should_stop():
                _, i, xb, yb, l = sess.run([train_step, ids, x_batch, y_batch, loss],
                                           feed_dict={K.learning_phase(): 1})
                batches.append([i.tolist(), np.round(xb, 3).tolist(),
                                np.round(yb, 3).tolist(), [round(float(l), 4)]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "bellows logs: %d" % sum(len(b[0]) for b in batches)}
