"""The old reading-data how-to's "preloaded data" example (fully_connected_preloaded_var): the whole data set
held in non-trainable variables initialised by feeding placeholders (`collections=[]`), sliced by
`slice_input_producer` (shuffled by default, num_epochs), batched by `train.batch`; FLAGS is a module global
assigned in `main` from argparse; the loop runs the train op until the epochs run out."""

import argparse
import collections
import os
import time

import numpy as np
import tensorflow.compat.v1 as tf

# Basic model parameters as external flags.
FLAGS = None

DataSet = collections.namedtuple("DataSet", ["images", "labels"])
DataSets = collections.namedtuple("DataSets", ["train", "validation"])

NUM_CLASSES = 5
IMAGE_PIXELS = 2


def read_data_sets(data_dir):
    """make_data's three tables: features (a, b) scaled down, label in 0..4."""
    tables = [np.loadtxt(os.path.join(data_dir, "table-%d.csv" % i), delimiter=",", skiprows=1) for i in range(3)]
    table = np.concatenate(tables)
    images = (table[:, :2] / 100.0).astype(np.float32)
    labels = table[:, 2].astype(np.int64)
    return DataSets(train=DataSet(images, labels), validation=DataSet(images[:10], labels[:10]))


def inference(images, hidden1_units):
    with tf.name_scope("hidden1"):
        weights = tf.Variable(tf.constant(0.1, shape=[IMAGE_PIXELS, hidden1_units]), name="weights")
        biases = tf.Variable(tf.zeros([hidden1_units]), name="biases")
        hidden1 = tf.nn.relu(tf.matmul(images, weights) + biases)
    with tf.name_scope("softmax_linear"):
        weights = tf.Variable(tf.constant(0.05, shape=[hidden1_units, NUM_CLASSES]), name="weights")
        biases = tf.Variable(tf.zeros([NUM_CLASSES]), name="biases")
        logits = tf.matmul(hidden1, weights) + biases
    return logits


def loss_fn(logits, labels):
    labels = tf.to_int64(labels)
    return tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)


def training(loss, learning_rate):
    optimizer = tf.train.GradientDescentOptimizer(learning_rate)
    global_step = tf.Variable(0, name="global_step", trainable=False)
    return optimizer.minimize(loss, global_step=global_step)


def run_training(data_sets):
    """Train for a number of epochs, reading the preloaded data."""
    with tf.name_scope("input"):
        # Input data
        images_initializer = tf.placeholder(dtype=data_sets.train.images.dtype,
                                            shape=data_sets.train.images.shape)
        labels_initializer = tf.placeholder(dtype=data_sets.train.labels.dtype,
                                            shape=data_sets.train.labels.shape)
        input_images = tf.Variable(images_initializer, trainable=False, collections=[])
        input_labels = tf.Variable(labels_initializer, trainable=False, collections=[])

        image, label = tf.train.slice_input_producer([input_images, input_labels], num_epochs=FLAGS.num_epochs)
        label = tf.cast(label, tf.int32)
        images, labels = tf.train.batch([image, label], batch_size=FLAGS.batch_size)

    # Build a Graph that computes predictions from the inference model.
    logits = inference(images, FLAGS.hidden1)
    loss = loss_fn(logits, labels)
    train_op = training(loss, FLAGS.learning_rate)

    # Create the op for initializing variables.
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

    # Create a session for running Ops on the Graph.
    sess = tf.Session()

    # Run the Op to initialize the variables.
    sess.run(init_op)
    sess.run(input_images.initializer, feed_dict={images_initializer: data_sets.train.images})
    sess.run(input_labels.initializer, feed_dict={labels_initializer: data_sets.train.labels})

    # Start input enqueue threads.
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    # And then after everything is built, start the training loop.
    try:
        step = 0
        while not coord.should_stop():
            start_time = time.time()

            # Run one step of the model.
            _, loss_value, image_rows, label_rows = sess.run([train_op, loss, images, labels])
            batches.append([[[round(float(v), 4) for v in row] for row in image_rows], label_rows.tolist()])

            duration = time.time() - start_time

            # Write the summaries and print an overview fairly often.
            if step % 100 == 0:
                print("Step %d: loss = %.2f (%.3f sec)" % (step, loss_value, duration))
            step += 1
    except tf.errors.OutOfRangeError:
        print("Done training for %d epochs, %d steps." % (FLAGS.num_epochs, step))
    finally:
        # When done, ask the threads to stop.
        coord.request_stop()

    # Wait for threads to finish.
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": step}


def main(data_dir):
    global FLAGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--learning_rate", type=float, default=0.01, help="Initial learning rate.")
    parser.add_argument("--num_epochs", type=int, default=2, help="Number of epochs to run trainer.")
    parser.add_argument("--hidden1", type=int, default=8, help="Number of units in hidden layer 1.")
    parser.add_argument("--batch_size", type=int, default=25, help="Batch size. Must divide evenly.")
    FLAGS, unparsed = parser.parse_known_args([])
    data_sets = read_data_sets(data_dir)
    return run_training(data_sets)
