import os

import numpy as np
import tensorflow as tf

NUM_TRAIN = 8
NUM_VAL = 4


def _get_batch(num_classes, input_dim, batch_size):
    X_train = tf.compat.v1.Variable(
        tf.compat.v1.placeholder(tf.float32, [NUM_TRAIN, input_dim], 'X_train'),
        trainable=False, collections=[]
    )
    Y_train = tf.compat.v1.Variable(
        tf.compat.v1.placeholder(tf.int32, [NUM_TRAIN], 'Y_train'),
        trainable=False, collections=[]
    )
    x, y = tf.compat.v1.train.slice_input_producer([X_train, Y_train], shuffle=False)
    y = tf.one_hot(y, num_classes)
    x_batch, y_batch = tf.compat.v1.train.batch(
        [x, y], batch_size, num_threads=1, capacity=16
    )
    return X_train, Y_train, x_batch, y_batch


def _get_val_batch(num_classes, input_dim, batch_size):
    X_val = tf.compat.v1.Variable(
        tf.compat.v1.placeholder(tf.float32, [NUM_VAL, input_dim], 'X_val'),
        trainable=False, collections=[]
    )
    Y_val = tf.compat.v1.Variable(
        tf.compat.v1.placeholder(tf.int32, [NUM_VAL], 'Y_val'),
        trainable=False, collections=[]
    )
    x, y = tf.compat.v1.train.slice_input_producer([X_val, Y_val], shuffle=False)
    y = tf.one_hot(y, num_classes)
    x_batch, y_batch = tf.compat.v1.train.batch(
        [x, y], batch_size, num_threads=1, capacity=16
    )
    return X_val, Y_val, x_batch, y_batch


# input pipeline
def _get_data(num_classes, input_dim, is_training):

    batch_size = tf.compat.v1.Variable(
        tf.compat.v1.placeholder(tf.int32, [], 'batch_size'),
        trainable=False, collections=[]
    )

    X_train, Y_train, train_x_batch, train_y_batch = _get_batch(
        num_classes, input_dim, batch_size
    )
    X_val, Y_val, val_x_batch, val_y_batch = _get_val_batch(
        num_classes, input_dim, batch_size
    )

    x_batch, y_batch = tf.cond(
        is_training,
        lambda: (train_x_batch, train_y_batch),
        lambda: (val_x_batch, val_y_batch)
    )

    init_data = tf.compat.v1.variables_initializer(
        [X_train, Y_train, X_val, Y_val, batch_size]
    )

    return init_data, x_batch, y_batch


def main(data_dir):
    out = os.path.join(data_dir, "h54_paddy_plots")
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(54)
    # water depth (cm), nitrogen (kg/ha), tiller count
    plots = np.round(np.column_stack([rng.uniform(2, 10, 12), rng.uniform(40, 120, 12),
                                      rng.randint(8, 30, 12)]), 1)
    stage = rng.randint(0, 3, 12)
    np.savetxt(os.path.join(out, "plots.csv"), np.column_stack([plots, stage]), fmt="%.1f", delimiter=",")
    table = np.loadtxt(os.path.join(out, "plots.csv"), delimiter=",")
    X, Y = table[:, :3].astype(np.float32), table[:, 3].astype(np.int32)

    is_training = tf.compat.v1.placeholder(tf.bool, [], 'is_training')
    init_data, x_batch, y_batch = _get_data(3, 3, is_training)
    graph = tf.compat.v1.get_default_graph()

    batches = []
    sess = tf.compat.v1.Session()
    sess.run(init_data, feed_dict={
        graph.get_tensor_by_name('X_train:0'): X[:NUM_TRAIN],
        graph.get_tensor_by_name('Y_train:0'): Y[:NUM_TRAIN],
        graph.get_tensor_by_name('X_val:0'): X[NUM_TRAIN:],
        graph.get_tensor_by_name('Y_val:0'): Y[NUM_TRAIN:],
        graph.get_tensor_by_name('batch_size:0'): 2,
    })
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess, coord)
    for step in range(4):
        xb, yb = sess.run([x_batch, y_batch], {is_training: True})
        batches.append([np.round(xb.astype(np.float64), 4).tolist(), yb.argmax(1).tolist()])
    for step in range(2):
        xb, yb = sess.run([x_batch, y_batch], {is_training: False})
        batches.append([np.round(xb.astype(np.float64), 4).tolist(), yb.argmax(1).tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "plot rows: %d" % sum(len(b[1]) for b in batches)}
