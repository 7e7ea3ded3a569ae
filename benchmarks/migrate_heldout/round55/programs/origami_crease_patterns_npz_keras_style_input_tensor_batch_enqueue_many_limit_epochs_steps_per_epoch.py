'''Origami crease patterns with Input Tensors, after the Keras "mnist_tfrecord" example's organisation.

Instead of fitting to data loaded into a numpy array, data is supplied via a tensor
that reads data from nodes wired directly into the model graph.
'''
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

batch_size = 4
num_classes = 3  # flat-foldable, not flat-foldable, rigid
capacity = 16
min_after_dequeue = 4


def load_data(path):
    with np.load(path) as f:
        return (f['x_train'], f['y_train']), (f['x_test'], f['y_test'])


def cnn_layers(x_train_input):
    # Keras layers (Flatten, Dense) written out with get_variable: tf.keras here is Keras 3
    x = tf.reshape(x_train_input, [-1, 9])
    w1 = tf1.get_variable('dense_1/kernel', [9, 4], initializer=tf1.constant_initializer(0.1))
    x = tf.nn.relu(tf.matmul(x, w1))
    w2 = tf1.get_variable('x_train_out/kernel', [4, num_classes], initializer=tf1.constant_initializer(0.05))
    x_train_out = tf.nn.softmax(tf.matmul(x, w2))
    return x_train_out


def main(data_dir):
    out = os.path.join(data_dir, 'h55_crease_patterns')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(55)
    # 3x3 vertex grid, +1 mountain fold, -1 valley fold, 0 none
    np.savez(os.path.join(out, 'creases.npz'), x_train=rng.randint(-1, 2, size=(12, 3, 3)).astype(np.int8),
             y_train=rng.randint(0, num_classes, size=12).astype(np.int32),
             x_test=np.zeros((2, 3, 3), np.int8), y_test=np.zeros(2, np.int32))
    (x_train, y_train), (x_test, y_test) = load_data(os.path.join(out, 'creases.npz'))
    x_train = x_train.astype('float32')
    steps_per_epoch = int(x_train.shape[0] / batch_size)

    x_train_t = tf1.train.limit_epochs(tf.constant(x_train), num_epochs=1)
    y_train_t = tf1.train.limit_epochs(tf.constant(y_train), num_epochs=1)
    x_train_batch, y_train_batch = tf1.train.shuffle_batch(
        tensors=[x_train_t, y_train_t],
        batch_size=batch_size,
        capacity=capacity,
        min_after_dequeue=min_after_dequeue,
        enqueue_many=True,
        num_threads=1,
        seed=55)

    x_train_batch = tf.cast(x_train_batch, tf.float32)
    x_batch_shape = x_train_batch.get_shape().as_list()
    y_train_batch = tf.cast(y_train_batch, tf.int32)
    y_train_onehot = tf.one_hot(y_train_batch, num_classes)

    x_train_out = cnn_layers(x_train_batch)
    loss = tf1.losses.softmax_cross_entropy(y_train_onehot, x_train_out)
    mountains = tf.reduce_sum(tf.cast(tf.equal(x_train_batch, 1.0), tf.int32), axis=[1, 2])

    sess = tf1.Session()
    sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess, coord)
    batches = []
    for step in range(steps_per_epoch):
        x, y, m, _ = sess.run([x_train_batch, y_train_batch, mountains, loss])
        batches.append([x.astype(np.int64).tolist(), y.tolist(), m.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "patterns: %d of shape %s" % (sum(len(b[1]) for b in batches), x_batch_shape[1:])}
