"""Pipe voicing dataset input module, with the majority taken from
   tensorflow/models/resnet (cifar_input.py): build_data() hands back the queue itself.

Each record: one byte for the stop family (principal, flute, string, reed), then a
depth-major 2x2x3 block of voicing measurements for four neighbouring pipes
(cents off pitch + 64, wind pressure in mm, mouth cut-up in 1/10 mm).
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf


def build_data(data_path, size, dataset):
    """Creates the queue and preprocessing operations for the dataset.

    Args:
        data_path: Filename for voicing data.
        size: The number of pipe blocks in the dataset.
        dataset: The dataset we are using.

    Returns:
        queue: A Tensorflow queue for extracting the blocks and labels.
    """
    image_size = 2
    if dataset == "great":
        label_bytes = 1
        label_offset = 0
    elif dataset == "swell":
        label_bytes = 1
        label_offset = 1
    depth = 3
    image_bytes = image_size * image_size * depth
    record_bytes = label_bytes + label_offset + image_bytes

    data_files = tf.gfile.Glob(data_path)
    file_queue = tf.train.string_input_producer(data_files, shuffle=True, num_epochs=1)
    # Read examples from files in the filename queue.
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    _, value = reader.read(file_queue)

    # Convert these examples to dense labels and processed images.
    record = tf.reshape(tf.decode_raw(value, tf.uint8), [record_bytes])
    label = tf.cast(tf.slice(record, [label_offset], [label_bytes]), tf.int32)
    # Convert from string to [depth * height * width] to [depth, height, width].
    depth_major = tf.reshape(tf.slice(record, [label_offset + label_bytes], [image_bytes]),
                             [depth, image_size, image_size])
    # Convert from [depth, height, width] to [height, width, depth].
    image = tf.cast(tf.transpose(depth_major, [1, 2, 0]), tf.float32)
    image = image - tf.constant([64.0, 0.0, 0.0])

    example_queue = tf.RandomShuffleQueue(
        capacity=size,
        min_after_dequeue=size // 2,
        dtypes=[tf.float32, tf.int32],
        shapes=[[image_size, image_size, depth], [1]])
    num_threads = 2

    example_enqueue_op = example_queue.enqueue([image, label])
    tf.train.add_queue_runner(tf.train.queue_runner.QueueRunner(
        example_queue, [example_enqueue_op] * num_threads))
    return example_queue


def write_division(path, family_offset, rng, first_pipe):
    with open(path, 'wb') as f:
        for k in range(6):
            family = np.array([(family_offset + k) % 4], dtype=np.uint8)
            block = np.concatenate([
                rng.randint(54, 75, size=4),   # cents + 64
                rng.randint(60, 100, size=4),  # wind mm
                np.array([first_pipe + k, 20, 22, 24])]).astype(np.uint8)
            f.write(family.tobytes() + block.tobytes())


def main(data_dir):
    folder = os.path.join(data_dir, 'h52_pipe_voicing')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(1722)
    write_division(os.path.join(folder, 'great_manual.bin'), 0, rng, 10)
    write_division(os.path.join(folder, 'pedal.bin'), 2, rng, 50)

    batch_size = 4
    queue = build_data(os.path.join(folder, '*.bin'), 12, 'great')
    images, labels = queue.dequeue_many(batch_size)
    labels = tf.reshape(labels, [batch_size])
    mean_wind = tf.reduce_mean(images[:, :, :, 1], axis=[1, 2])

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                im, lb, mw = sess.run([images, labels, mean_wind])
                batches.append([im.tolist(), lb.tolist(), mw.tolist()])
        except tf.errors.OutOfRangeError:
            print('all pipes voiced')
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "pipe blocks: %d" % sum(len(b[1]) for b in batches)}
