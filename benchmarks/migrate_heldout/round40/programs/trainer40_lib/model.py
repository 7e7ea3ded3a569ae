import tensorflow.compat.v1 as tf

import trainer40_lib.training_util as u


def simple_model(features, labels, learning_rate=0.1):
    flat = tf.reshape(features, [-1, 6])
    with tf.variable_scope('simple_model'):
        w = tf.get_variable('w', [6, 5], initializer=tf.zeros_initializer())
        b = tf.get_variable('b', [5], initializer=tf.zeros_initializer())
    logits = tf.matmul(flat / 100.0, w) + b
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    u.add_train_summary('loss', loss)
    global_step = tf.train.get_or_create_global_step()
    train_op = tf.train.GradientDescentOptimizer(learning_rate).minimize(loss, global_step=global_step)
    return train_op, global_step
