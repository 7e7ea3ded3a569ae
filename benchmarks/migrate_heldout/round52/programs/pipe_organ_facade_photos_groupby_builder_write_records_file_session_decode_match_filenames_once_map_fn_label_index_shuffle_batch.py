"""Organ builder from facade photos, following the Stanford Dogs chapter of
"TensorFlow for Machine Intelligence" (glob, groupby, write_records_file, shuffle_batch, map_fn labels)."""
import glob
import os
import struct
import zlib
from itertools import groupby
from collections import defaultdict

import numpy as np
import tensorflow.compat.v1 as tf


def _png(pixels):
    def chunk(kind, data):
        body = kind + data
        return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)
    h, w = pixels.shape[:2]
    raw = b''.join(b'\x00' + pixels[r].tobytes() for r in range(h))
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def take_photos(root):
    rng = np.random.RandomState(1738)
    for builder in ('cavaille_coll', 'schnitger', 'silbermann'):
        folder = os.path.join(root, 'organ-facades', builder)
        if not os.path.isdir(folder):
            os.makedirs(folder)
        for k in range(4):
            img = rng.randint(0, 256, size=(6, 4, 3)).astype(np.uint8)
            with open(os.path.join(folder, 'facade_%d.png' % k), 'wb') as f:
                f.write(_png(img))


def main(data_dir):
    root = os.path.join(data_dir, 'h52_organ_facades')
    take_photos(root)
    sess = tf.Session()

    image_filenames = sorted(glob.glob(os.path.join(root, 'organ-facades', '*', '*.png')))

    training_dataset = defaultdict(list)
    testing_dataset = defaultdict(list)

    # Split up the filename into its builder and corresponding filename. The builder is found by taking the directory name
    image_filename_with_builder = map(lambda filename: (filename.split("/")[-2], filename), image_filenames)

    # Group each image by the builder which is the 0th element in the tuple returned above
    for organ_builder, builder_images in groupby(image_filename_with_builder, lambda x: x[0]):
        # Enumerate each builder's image and send ~20% of the images to a testing set
        for i, builder_image in enumerate(builder_images):
            if i % 5 == 0:
                testing_dataset[organ_builder].append(builder_image[1])
            else:
                training_dataset[organ_builder].append(builder_image[1])

        # Check that each builder includes at least 18% of the images for testing
        builder_training_count = len(training_dataset[organ_builder])
        builder_testing_count = len(testing_dataset[organ_builder])

        assert round(builder_testing_count / (builder_training_count + builder_testing_count), 2) > 0.18, "Not enough testing images."

    def write_records_file(dataset, record_location):
        """
        Fill a TFRecords file with the images found in `dataset` and include their category.

        Parameters
        ----------
        dataset : dict(list)
          Dictionary with each key being a label for the list of image filenames of its value.
        record_location : str
          Location to store the TFRecord output.
        """
        writer = None

        # Enumerating the dataset because the current index is used to breakup the files if they get over 100
        # images to avoid a slowdown in writing.
        current_index = 0
        for builder, images_filenames in dataset.items():
            for image_filename in images_filenames:
                if current_index % 100 == 0:
                    if writer:
                        writer.close()

                    record_filename = "{record_location}-{current_index}.tfrecords".format(
                        record_location=record_location,
                        current_index=current_index)

                    writer = tf.python_io.TFRecordWriter(record_filename)
                current_index += 1

                image_file = tf.read_file(image_filename)

                # In ImageNet dogs, there are a few images which TensorFlow doesn't recognize as JPEGs. This
                # try/catch will ignore those images.
                try:
                    image = tf.image.decode_png(image_file)
                except:
                    print(image_filename)
                    continue

                # Converting to grayscale saves processing and memory but isn't required.
                grayscale_image = tf.image.rgb_to_grayscale(image)
                resized_image = tf.image.resize_images(grayscale_image, [3, 2])

                # tf.cast is used here because the resized images are floats but haven't been converted into
                # image floats where an RGB value is between [0,1).
                image_bytes = sess.run(tf.cast(resized_image, tf.uint8)).tobytes()

                # Instead of using the label as a string, it'd be more efficient to turn it into either an
                # integer index or a one-hot encoded rank one tensor.
                # https://en.wikipedia.org/wiki/One-hot
                image_label = builder.encode("utf-8")

                example = tf.train.Example(features=tf.train.Features(feature={
                    'label': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image_label])),
                    'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image_bytes]))
                }))

                writer.write(example.SerializeToString())
        writer.close()

    for sub in ('testing-images', 'training-images'):
        if not os.path.isdir(os.path.join(root, 'output', sub)):
            os.makedirs(os.path.join(root, 'output', sub))
    write_records_file(testing_dataset, os.path.join(root, "output/testing-images/testing-image"))
    write_records_file(training_dataset, os.path.join(root, "output/training-images/training-image"))

    filename_queue = tf.train.string_input_producer(
        tf.identity(tf.train.match_filenames_once(os.path.join(root, "output/training-images/*.tfrecords"))),
        num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)

    features = tf.parse_single_example(
        serialized,
        features={
            'label': tf.FixedLenFeature([], tf.string),
            'image': tf.FixedLenFeature([], tf.string),
        })

    record_image = tf.decode_raw(features['image'], tf.uint8)

    # Changing the image into this shape helps train and visualize the output by converting it to
    # be organized like an image.
    image = tf.reshape(record_image, [3, 2, 1])

    label = tf.cast(features['label'], tf.string)

    min_after_dequeue = 3
    batch_size = 3
    capacity = min_after_dequeue + 3 * batch_size
    image_batch, label_batch = tf.train.shuffle_batch(
        [image, label], batch_size=batch_size, capacity=capacity, min_after_dequeue=min_after_dequeue)

    # Converting the images to a float of [0,1) to match the expected input to convolution2d
    float_image_batch = tf.image.convert_image_dtype(image_batch, tf.float32)

    labels = list(map(lambda c: c.split("/")[-1], sorted(glob.glob(os.path.join(root, "organ-facades/*")))))

    # Match every label from label_batch and return the index where they exist in the list of classes
    train_labels = tf.map_fn(lambda l: tf.where(tf.equal(labels, l))[0, 0:1][0], label_batch, dtype=tf.int64)

    sess.run(tf.local_variables_initializer())
    sess.run(tf.global_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            imgs, names, idx = sess.run([float_image_batch, label_batch, train_labels])
            batches.append([np.round(imgs, 6).tolist(), [n.decode() for n in names], idx.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "facades: %d" % sum(len(b[1]) for b in batches)}
