"""CIFAR-10 input shape: a reader in another module fills a record object; `tf.train.batch` with
`allow_smaller_final_batch`; Session + Coordinator loop to the end of the epochs, with a small "training" step."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from fixedrec_lib import reader as fixed_reader

NUM_EPOCHS = 8
BATCH_SIZE = 20


def inputs(data_dir, batch_size, num_epochs):
    filenames = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    read_input = fixed_reader.read_pair(filename_queue)
    index = tf.cast(read_input.index, tf.int64)
    features = tf.stack([tf.cast(read_input.triple, tf.float32), read_input.ratio])
    return tf.train.batch([index, features], batch_size=batch_size, num_threads=1,
                          capacity=3 * batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    index_batch, feature_batch = inputs(data_dir, BATCH_SIZE, NUM_EPOCHS)
    weights = tf.Variable(tf.ones([2]), name="weights")
    loss = tf.reduce_mean(tf.reduce_sum(feature_batch * weights, axis=1))
    train_op = tf.train.GradientDescentOptimizer(0.0).minimize(loss)

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    end = None
    try:
        step = 0
        while not coord.should_stop():
            _, idx, feats = sess.run([train_op, index_batch, feature_batch])
            batches.append([idx.tolist(), feats.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
