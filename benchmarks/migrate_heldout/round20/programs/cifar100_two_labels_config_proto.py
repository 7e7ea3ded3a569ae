"""CIFAR-100 binary layout (coarse label byte, fine label byte, then depth-major pixels) on tiny 4x4 images
written by the script; cifar10_input's _generate_image_and_label_batch(..., shuffle) chooses train.batch for
evaluation; the session is configured by a ConfigProto and the loop runs num_iter steps."""

import math
import os

import numpy as np
import tensorflow.compat.v1 as tf

HEIGHT = WIDTH = 4
DEPTH = 3
LABEL_BYTES = 2
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 24
NUM_PREPROCESS_THREADS = 1


def write_bins(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(100)
    paths = []
    for b in range(2):
        path = os.path.join(folder, "test_batch_%d.bin" % b)
        with open(path, "wb") as f:
            for i in range(NUM_EXAMPLES_PER_EPOCH_FOR_EVAL // 2):
                fine = (b * 12 + i) % 100
                f.write(bytes([fine // 5, fine]))
                f.write(rng.randint(0, 256, size=DEPTH * HEIGHT * WIDTH).astype(np.uint8).tobytes())
        paths.append(path)
    return paths


class CIFAR100Record(object):
    pass


def read_cifar100(filename_queue):
    result = CIFAR100Record()
    image_bytes = HEIGHT * WIDTH * DEPTH
    reader = tf.FixedLengthRecordReader(record_bytes=LABEL_BYTES + image_bytes)
    result.key, value = reader.read(filename_queue)
    record_bytes = tf.decode_raw(value, tf.uint8)
    result.coarse = tf.cast(tf.strided_slice(record_bytes, [0], [1]), tf.int32)
    result.fine = tf.cast(tf.strided_slice(record_bytes, [1], [2]), tf.int32)
    result.coarse.set_shape([1])
    result.fine.set_shape([1])
    depth_major = tf.reshape(tf.strided_slice(record_bytes, [LABEL_BYTES], [LABEL_BYTES + image_bytes]),
                             [DEPTH, HEIGHT, WIDTH])
    result.uint8image = tf.transpose(depth_major, [1, 2, 0])
    return result


def _generate_image_and_label_batch(image, label, min_queue_examples, batch_size, shuffle):
    if shuffle:
        images, labels = tf.train.shuffle_batch([image, label], batch_size=batch_size,
                                                num_threads=NUM_PREPROCESS_THREADS,
                                                capacity=min_queue_examples + 3 * batch_size,
                                                min_after_dequeue=min_queue_examples)
    else:
        images, labels = tf.train.batch([image, label], batch_size=batch_size, num_threads=NUM_PREPROCESS_THREADS,
                                        capacity=min_queue_examples + 3 * batch_size)
    return images, tf.reshape(labels, [batch_size, 2])


def inputs(data_dir, batch_size):
    filenames = [os.path.join(data_dir, "test_batch_%d.bin" % i) for i in range(2)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
        read_input = read_cifar100(filename_queue)
        image = tf.cast(read_input.uint8image, tf.float32)
        image = tf.image.per_image_standardization(image)
        image.set_shape([HEIGHT, WIDTH, DEPTH])
        labels = tf.concat([read_input.coarse, read_input.fine], axis=0)
        min_fraction_of_examples_in_queue = 0.4
        min_queue_examples = int(NUM_EXAMPLES_PER_EPOCH_FOR_EVAL * min_fraction_of_examples_in_queue)
        return _generate_image_and_label_batch(image, labels, min_queue_examples, batch_size, shuffle=False)


def main(data_dir):
    folder = os.path.join(data_dir, "h20_cifar100")
    write_bins(folder)
    batch_size = 6
    images, labels = inputs(folder, batch_size)
    brightness = tf.reduce_max(images, axis=[1, 2, 3])
    red_share = tf.reduce_mean(images[:, :, :, 0], axis=[1, 2])
    config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False,
                            intra_op_parallelism_threads=2, inter_op_parallelism_threads=2)
    num_iter = int(math.ceil(NUM_EXAMPLES_PER_EPOCH_FOR_EVAL / batch_size))
    batches = []
    with tf.Session(config=config) as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for step in range(num_iter):
                if coord.should_stop():
                    break
                l, br, red = sess.run([labels, brightness, red_share])
                batches.append([l.tolist(), [round(float(x), 4) for x in br], [round(float(x), 4) for x in red]])
        except Exception as e:  # pylint: disable=broad-except
            coord.request_stop(e)
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return {"batches": batches, "end": num_iter}
