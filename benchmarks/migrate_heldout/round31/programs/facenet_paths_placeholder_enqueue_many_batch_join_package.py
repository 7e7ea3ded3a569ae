"""Training a face embedding: image paths and labels fed once into an input queue, decoded by two threads."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from facenet31_lib import facenet
from facenet31_lib.pipeline import create_input_pipeline


class Args(object):
    image_size = 3
    batch_size = 4
    epoch_size = 3
    nrof_preprocess_threads = 2
    seed = 666


def make_faces(root, seed):
    rng = np.random.RandomState(seed)
    for person in ['Aaron_Eckhart', 'Abba_Eban', 'Adam_Sandler']:
        os.makedirs(os.path.join(root, person), exist_ok=True)
        for k in range(4):
            img = rng.randint(0, 256, size=(4, 4)).astype(np.uint8)
            facenet.write_png(os.path.join(root, person, '%s_%04d.png' % (person, k + 1)), img)


def main(data_dir):
    args = Args()
    root = os.path.join(data_dir, 'h31_facenet_batch_join')
    os.makedirs(root, exist_ok=True)
    make_faces(root, args.seed)

    train_set = facenet.get_dataset(root)
    image_list, label_list = facenet.get_image_paths_and_labels(train_set)

    image_paths_placeholder = tf.placeholder(tf.string, shape=(None, 1), name='image_paths')
    labels_placeholder = tf.placeholder(tf.int32, shape=(None, 1), name='labels')
    batch_size_placeholder = tf.placeholder(tf.int32, name='batch_size')
    input_queue, enqueue_op = facenet.create_input_queue(image_paths_placeholder, labels_placeholder)
    close_input = input_queue.close(cancel_pending_enqueues=True)

    image_batch, label_batch = create_input_pipeline(input_queue, args.image_size,
                                                     args.nrof_preprocess_threads, batch_size_placeholder)
    image_batch = tf.identity(image_batch, 'image_batch')
    label_batch = tf.identity(label_batch, 'label_batch')
    pixel_sum = tf.reduce_sum(image_batch, axis=[1, 2, 3])

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord, sess=sess)

    labels_array = np.expand_dims(np.array(label_list, dtype=np.int32), 1)
    image_paths_array = np.expand_dims(np.array(image_list), 1)
    sess.run(enqueue_op, {image_paths_placeholder: image_paths_array, labels_placeholder: labels_array})

    batch_number = 0
    while batch_number < args.epoch_size:
        sums, labels = sess.run([pixel_sum, label_batch], feed_dict={batch_size_placeholder: args.batch_size})
        batches.append({'pixel_sum': sums.tolist(), 'label': labels.tolist()})
        batch_number += 1
    end = 'epoch done after %d batches' % batch_number

    coord.request_stop()
    sess.run(close_input)
    coord.join(threads, stop_grace_period_secs=5)
    sess.close()
    return {'batches': batches, 'end': end}
