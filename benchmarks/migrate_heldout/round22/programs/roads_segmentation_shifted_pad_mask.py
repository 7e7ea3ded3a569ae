"""Road segmentation training input (tf-image-segmentation's shape): image / mask pairs of different sizes in one
TFRecord, reshaped by the sizes stored in each record (`tf.stack([height, width, 3])`), cropped or padded to a
fixed size with the annotation shifted by one so the padding becomes the ignored class 255, `shuffle_batch`
(2 threads), one epoch; a 1x1 convolution and a masked loss, summaries merged and run each step, runners started
with only a coordinator, a fixed step count."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

from roadseg_lib.augmentation import crop_or_pad_image_and_annotation
from roadseg_lib.tf_records import (read_tfrecord_and_decode_into_image_annotation_pair_tensors,
                                    write_image_annotation_pairs_to_tfrecord)

IMAGE_SIZE = (4, 4)
NUMBER_OF_CLASSES = 3
SIZES = [(3, 5), (5, 3), (4, 4), (6, 2), (2, 6), (4, 5), (5, 4), (3, 3), (6, 6), (2, 2)]


def make_pairs():
    pairs = []
    for n, (h, w) in enumerate(SIZES):
        img = np.array([[[(n * 31 + r * 7 + c * 3 + ch * 50) % 256 for ch in range(3)] for c in range(w)]
                        for r in range(h)])
        ann = np.array([[[(n + r + c) % NUMBER_OF_CLASSES] for c in range(w)] for r in range(h)])
        pairs.append((img, ann))
    return pairs


def main(data_dir):
    out = os.path.join(data_dir, 'h22_roads_segmentation_shifted_pad_mask')
    if not os.path.isdir(out):
        os.makedirs(out)
    tfrecord_filename = os.path.join(out, 'roads_train.tfrecords')
    write_image_annotation_pairs_to_tfrecord(make_pairs(), tfrecord_filename)

    filename_queue = tf.train.string_input_producer([tfrecord_filename], num_epochs=1)
    image, annotation = read_tfrecord_and_decode_into_image_annotation_pair_tensors(filename_queue)
    resized_image, resized_annotation = crop_or_pad_image_and_annotation(image, annotation, IMAGE_SIZE)
    resized_annotation = tf.squeeze(resized_annotation, axis=2)

    image_batch, annotation_batch = tf.train.shuffle_batch([resized_image, resized_annotation],
                                                           batch_size=2,
                                                           capacity=30,
                                                           num_threads=2,
                                                           min_after_dequeue=4)

    weights = tf.get_variable('classifier', [1, 1, 3, NUMBER_OF_CLASSES],
                              initializer=tf.constant_initializer(0.01))
    logits = tf.nn.conv2d(tf.cast(image_batch, tf.float32) / 255.0, weights, [1, 1, 1, 1], 'SAME')
    valid = tf.not_equal(annotation_batch, 255)
    valid_labels = tf.boolean_mask(annotation_batch, valid)
    valid_logits = tf.boolean_mask(logits, valid)
    cross_entropy = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=valid_labels, logits=valid_logits))
    valid_pixels = tf.reduce_sum(tf.cast(valid, tf.int32), axis=[1, 2])
    train_step = tf.train.AdamOptimizer(learning_rate=0.0001).minimize(cross_entropy)

    tf.summary.scalar('cross_entropy_loss', cross_entropy)
    tf.summary.image('images', image_batch, max_outputs=1)
    merged_summary_op = tf.summary.merge_all()

    global_vars_init_op = tf.global_variables_initializer()
    local_vars_init_op = tf.local_variables_initializer()
    combined_op = tf.group(local_vars_init_op, global_vars_init_op)

    batches = []
    with tf.Session() as sess:
        sess.run(combined_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for i in range(len(SIZES) // 2):
            images, annotations, pixels, summary_string, _ = sess.run(
                [image_batch, annotation_batch, valid_pixels, merged_summary_op, train_step])
            batches.append([images.tolist(), annotations.tolist(), pixels.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': i + 1}
