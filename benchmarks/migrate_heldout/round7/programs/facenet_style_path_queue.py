"""FaceNet train style: `data_flow_ops.FIFOQueue` of (paths, labels) filled once by enqueue_many from
placeholders; preprocess threads dequeue it, read and decode the images; batch_join with a fed batch size."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops

IMAGE_SIZE = 4
NUM_IMAGES = 6


def build_input(nrof_preprocess_threads=2):
    image_paths_placeholder = tf.placeholder(tf.string, shape=(None, 1), name='image_paths')
    labels_placeholder = tf.placeholder(tf.int64, shape=(None, 1), name='labels')
    batch_size_placeholder = tf.placeholder(tf.int32, name='batch_size')

    input_queue = data_flow_ops.FIFOQueue(capacity=100, dtypes=[tf.string, tf.int64], shapes=[(1,), (1,)],
                                          shared_name=None, name=None)
    enqueue_op = input_queue.enqueue_many([image_paths_placeholder, labels_placeholder], name='enqueue_op')

    images_and_labels = []
    for _ in range(nrof_preprocess_threads):
        filenames, label = input_queue.dequeue()
        images = []
        for filename in tf.unstack(filenames):
            file_contents = tf.read_file(filename)
            image = tf.image.decode_png(file_contents, channels=1)
            image = tf.cast(image, tf.int32)
            image.set_shape((IMAGE_SIZE, IMAGE_SIZE, 1))
            images.append(image)
        images_and_labels.append([images, label])

    image_batch, label_batch = tf.train.batch_join(
        images_and_labels, batch_size=batch_size_placeholder,
        shapes=[(IMAGE_SIZE, IMAGE_SIZE, 1), ()], enqueue_many=True,
        capacity=4 * nrof_preprocess_threads * 8,
        allow_smaller_final_batch=True)
    image_batch = tf.identity(image_batch, 'image_batch')
    label_batch = tf.identity(label_batch, 'label_batch')
    placeholders = (image_paths_placeholder, labels_placeholder, batch_size_placeholder)
    return input_queue, enqueue_op, placeholders, image_batch, label_batch


def main(data_dir):
    input_queue, enqueue_op, placeholders, image_batch, label_batch = build_input()
    image_paths_placeholder, labels_placeholder, batch_size_placeholder = placeholders

    image_list = [os.path.join(data_dir, 'image-%d.png' % i) for i in range(NUM_IMAGES)]
    label_list = list(range(10, 10 + NUM_IMAGES))
    batch_size = 2
    epoch_size = NUM_IMAGES // batch_size

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord, sess=sess)

    sess.run(enqueue_op, {image_paths_placeholder: [[p] for p in image_list],
                          labels_placeholder: [[l] for l in label_list]})
    for batch_number in range(epoch_size):
        images, labels = sess.run([image_batch, label_batch], feed_dict={batch_size_placeholder: batch_size})
        batches.append([images.reshape(len(labels), -1).tolist(), labels.tolist()])

    coord.request_stop()
    sess.run(input_queue.close(cancel_pending_enqueues=True))
    coord.join(threads, stop_grace_period_secs=10)
    sess.close()
    return {'batches': batches, 'end': 'steps'}
