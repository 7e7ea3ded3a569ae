"""Terrarium humidity readings: a student MNIST-style reader with @desc docstrings, run for one epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_READINGS = 12
BATCH_SIZE = 4


def write_records(path):
    rng = np.random.RandomState(72)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(NUM_READINGS):
            raw = rng.randint(0, 255, size=4).astype(np.uint8).tobytes()
            example = tf.train.Example(features=tf.train.Features(feature={
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[raw])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
            }))
            writer.write(example.SerializeToString())


def read_decode_single(filename_queue):
        """
        @desc Reads and decodes a single example protocol buffer from
        filename_queue as a tensor, which can be used for input to
        tf.train.shuffle_batch().

        @param [in] filename_queue Queue from which the example protocol buffer
        should be dequeued.

        @return (image, label) example tuple of tensors from the terrarium set.
        """
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)

        features = {
                'image_raw': tf.FixedLenFeature([], tf.string),
                'label': tf.FixedLenFeature([], tf.int64),
        }
        example = tf.parse_single_example(serialized_example, features=features)

        image = tf.decode_raw(example['image_raw'], tf.uint8)
        image.set_shape([4])
        image = tf.cast(image, tf.float32) * (1. / 255) - 0.5
        label = tf.cast(example['label'], tf.int32)
        return image, label


def inputs(filename, batch_size, num_epochs):
        """
        @desc Builds the shuffled batches of (image, label).

        @param [in] filename TFRecords file to read.
        @param [in] batch_size Examples per batch.
        @param [in] num_epochs Passes over the data (None: forever).

        @return images, labels batch tensors.
        """
        with tf.name_scope('input'):
                filename_queue = tf.train.string_input_producer(
                        [filename], num_epochs=num_epochs)
                image, label = read_decode_single(filename_queue)
                images, sparse_labels = tf.train.shuffle_batch(
                        [image, label], batch_size=batch_size, num_threads=2,
                        capacity=100 + 3 * batch_size, min_after_dequeue=10, seed=7)
                return images, sparse_labels


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_terrarium')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'humidity.tfrecords')
    write_records(path)
    tf.set_random_seed(72)

    images, labels = inputs(path, BATCH_SIZE, num_epochs=1)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while not coord.should_stop():
            im, lb = sess.run([images, labels])
            batches.append([np.round(im, 4).tolist(), lb.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "readings: %d" % (step * BATCH_SIZE)}
