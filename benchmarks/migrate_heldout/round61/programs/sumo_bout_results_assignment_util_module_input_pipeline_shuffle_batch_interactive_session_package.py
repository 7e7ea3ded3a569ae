""" Starter code for Assignment 2, problem 1: logistic regression on sumo bouts.
"""
import os
import tensorflow.compat.v1 as tf

from sumo61_lib import util

LEARNING_RATE = 0.01


def main(data_dir):
    path = util.make_bouts(os.path.join(data_dir, 'h61_sumo'))
    bout_batch, x_batch, y_batch = util.input_pipeline([path])

    ##### TO DO: create weights and bias
    w = tf.Variable(tf.zeros([util.N_FEATURES, 1]), name='weights')
    b = tf.Variable(0.0, name='bias')
    logits = tf.matmul(x_batch / 100.0, w) + b
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(
        labels=tf.cast(tf.reshape(y_batch, [-1, 1]), tf.float32), logits=logits))
    optimizer = tf.train.GradientDescentOptimizer(LEARNING_RATE).minimize(loss)

    sess = tf.InteractiveSession()
    tf.global_variables_initializer().run()
    tf.local_variables_initializer().run()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord)

    batches = []
    n_batches = 0
    try:
        while not coord.should_stop():
            bouts, xs, ys, _ = sess.run([bout_batch, x_batch, y_batch, optimizer])
            batches.append([bouts.tolist(), xs.tolist(), ys.tolist()])
            n_batches += 1
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "bouts: %d" % (n_batches * util.BATCH_SIZE)}
