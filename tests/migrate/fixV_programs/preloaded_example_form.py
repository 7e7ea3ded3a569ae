"""TensorFlow's fully_connected_preloaded_var.py form: data sets object, name scope, graph as default,
two feed runs, num_epochs, loop until OutOfRangeError."""
import collections

import numpy as np
import tensorflow.compat.v1 as tf

DataSet = collections.namedtuple("DataSet", "images labels")


def read_data_sets(data_dir):
    rng = np.random.RandomState(3)
    train = DataSet(rng.rand(24, 5).astype(np.float32), np.arange(24).astype(np.uint8))
    return collections.namedtuple("Sets", "train")(train)


def run_training(data_dir, num_epochs=1, batch_size=4):
    data_sets = read_data_sets(data_dir)
    with tf.Graph().as_default():
        with tf.name_scope('input'):
            images_initializer = tf.placeholder(
                dtype=data_sets.train.images.dtype,
                shape=data_sets.train.images.shape)
            labels_initializer = tf.placeholder(
                dtype=data_sets.train.labels.dtype,
                shape=data_sets.train.labels.shape)
            input_images = tf.Variable(
                images_initializer, trainable=False, collections=[])
            input_labels = tf.Variable(
                labels_initializer, trainable=False, collections=[])

            image, label = tf.train.slice_input_producer(
                [input_images, input_labels], num_epochs=num_epochs)
            label = tf.cast(label, tf.int32)
            images, labels = tf.train.batch(
                [image, label], batch_size=batch_size)

        total = tf.reduce_sum(images, axis=1)
        init_op = tf.group(tf.global_variables_initializer(),
                           tf.local_variables_initializer())
        sess = tf.Session()
        sess.run(init_op)
        sess.run(input_images.initializer,
                 feed_dict={images_initializer: data_sets.train.images})
        sess.run(input_labels.initializer,
                 feed_dict={labels_initializer: data_sets.train.labels})
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches, end = [], None
        try:
            step = 0
            while not coord.should_stop():
                t, l = sess.run([total, labels])
                batches.append([np.round(t, 4).tolist(), l.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            end = 'Done training for %d epochs, %d steps.' % (num_epochs, step)
        finally:
            coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}


def main(data_dir):
    return run_training(data_dir)
