"""facenet train_softmax's shape: a data_flow_ops FIFOQueue of (paths, label, control) fed with enqueue_many
from placeholders at the start of each epoch, decoded by several threads (helper module) and joined into
batches whose size is a placeholder; each epoch runs a fixed number of steps."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import data_flow_ops

from facenet_lib import facenet


def train_epoch(sess, enqueue_op, image_paths_placeholder, labels_placeholder, control_placeholder,
                batch_size_placeholder, image_batch, label_batch, image_list, label_list, batch_size, epoch_size):
    index_epoch = np.arange(len(image_list))
    labels_array = np.expand_dims(np.array(label_list)[index_epoch], 1)
    image_paths_array = np.expand_dims(np.array(image_list)[index_epoch], 1)
    control_array = np.ones_like(labels_array) * facenet.FIXED_STANDARDIZATION
    control_array[::2] += facenet.RANDOM_FLIP
    sess.run(enqueue_op, {image_paths_placeholder: image_paths_array, labels_placeholder: labels_array,
                          control_placeholder: control_array})
    out = []
    for _ in range(epoch_size):
        images, labels = sess.run([image_batch, label_batch], feed_dict={batch_size_placeholder: batch_size})
        out.append([images.tolist(), labels.tolist()])
    return out


def main(data_dir):
    args_batch_size = 3
    args_epoch_size = 2
    args_max_nrof_epochs = 2
    nrof_preprocess_threads = 2
    image_size = (4, 4)

    train_set = facenet.get_dataset(data_dir)
    image_list, label_list = facenet.get_image_paths_and_labels(train_set)

    batch_size_placeholder = tf.compat.v1.placeholder(tf.int32, name='batch_size')
    image_paths_placeholder = tf.compat.v1.placeholder(tf.string, shape=(None, 1), name='image_paths')
    labels_placeholder = tf.compat.v1.placeholder(tf.int32, shape=(None, 1), name='labels')
    control_placeholder = tf.compat.v1.placeholder(tf.int32, shape=(None, 1), name='control')

    input_queue = data_flow_ops.FIFOQueue(capacity=100000, dtypes=[tf.string, tf.int32, tf.int32],
                                          shapes=[(1,), (1,), (1,)], shared_name=None, name=None)
    enqueue_op = input_queue.enqueue_many([image_paths_placeholder, labels_placeholder, control_placeholder],
                                          name='enqueue_op')
    image_batch, label_batch = facenet.create_input_pipeline(
        input_queue, image_size, nrof_preprocess_threads, batch_size_placeholder)
    image_batch = tf.identity(image_batch, 'image_batch')
    label_batch = tf.identity(label_batch, 'label_batch')

    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(coord=coord, sess=sess)

    batches = []
    with sess.as_default():
        for epoch in range(args_max_nrof_epochs):
            batches += train_epoch(sess, enqueue_op, image_paths_placeholder, labels_placeholder,
                                   control_placeholder, batch_size_placeholder, image_batch, label_batch,
                                   image_list, label_list, args_batch_size, args_epoch_size)
    coord.request_stop()
    sess.run(input_queue.close(cancel_pending_enqueues=True))
    coord.join(threads, stop_grace_period_secs=5)
    sess.close()
    return {"batches": batches, "end": "steps"}
