# Held-out round 71: pottery glaze test tiles stored as CIFAR-style binary records (one label byte, then the
# image channel-first), read the way the "TensorFlow Machine Learning Cookbook" CIFAR-10 CNN script does it:
# module-level constants, ``read_cifar_files(filename_queue, distort_images=True)`` and
# ``input_pipeline(batch_size, train_logical=True)`` building a train pipeline and a test pipeline in one graph,
# a ``generations`` loop that evaluates the test batch every ``eval_every`` steps.
# Writer changes: tiny seeded data; the test pipeline reads one epoch (``num_epochs=1``) with seeds and is built
# with ``distort_images=False`` (the book's script distorted test images too); no model or training op.
import os

import numpy as np
import tensorflow.compat.v1 as tf

# Set model parameters
batch_size = 4
output_every = 50
generations = 3
eval_every = 1
image_height = 4
image_width = 4
crop_height = 4
crop_width = 4
num_channels = 3
num_targets = 5
extract_folder = 'glaze-tiles-batches-bin'

image_vec_length = image_height * image_width * num_channels
record_length = 1 + image_vec_length


def read_cifar_files(filename_queue, distort_images = True):
    reader = tf.FixedLengthRecordReader(record_bytes=record_length)
    key, record_string = reader.read(filename_queue)
    record_bytes = tf.decode_raw(record_string, tf.uint8)
    image_label = tf.cast(tf.slice(record_bytes, [0], [1]), tf.int32)

    # Extract image
    image_extracted = tf.reshape(tf.slice(record_bytes, [1], [image_vec_length]),
                                 [num_channels, image_height, image_width])

    # Reshape image
    image_uint8image = tf.transpose(image_extracted, [1, 2, 0])
    reshaped_image = tf.cast(image_uint8image, tf.float32)
    # Randomly Crop image
    final_image = tf.image.resize_image_with_crop_or_pad(reshaped_image, crop_width, crop_height)

    if distort_images:
        # Randomly flip the image horizontally, change the brightness and contrast
        final_image = tf.image.random_flip_left_right(final_image)
        final_image = tf.image.random_brightness(final_image,max_delta=63)
        final_image = tf.image.random_contrast(final_image,lower=0.2, upper=1.8)

    # Normalize whitening
    final_image = tf.image.per_image_standardization(final_image)
    return(final_image, image_label)


def input_pipeline(data_dir, batch_size, train_logical=True):
    if train_logical:
        files = [os.path.join(data_dir, extract_folder, 'data_batch_{}.bin'.format(i)) for i in range(1,3)]
        filename_queue = tf.train.string_input_producer(files)
        image, label = read_cifar_files(filename_queue)
    else:
        files = [os.path.join(data_dir, extract_folder, 'test_batch.bin')]
        filename_queue = tf.train.string_input_producer(files, num_epochs=1, seed=71)
        image, label = read_cifar_files(filename_queue, distort_images=False)

    # min_after_dequeue defines how big a buffer we will randomly sample
    #   from -- bigger means better shuffling but slower start up and more
    #   memory used.
    # capacity must be larger than min_after_dequeue and the amount larger
    #   determines the maximum we will prefetch.  Recommendation:
    #   min_after_dequeue + (num_threads + a small safety margin) * batch_size
    min_after_dequeue = 6
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, label_batch = tf.train.shuffle_batch([image, label], batch_size, capacity,
                                                        min_after_dequeue, seed=71)
    return(example_batch, label_batch)


def _write_data(data_dir):
    folder = os.path.join(data_dir, extract_folder)
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    for name, n in [('data_batch_1.bin', 6), ('data_batch_2.bin', 6), ('test_batch.bin', 12)]:
        with open(os.path.join(folder, name), 'wb') as f:
            for i in range(n):
                f.write(bytes([i % num_targets]))
                f.write(rng.randint(0, 256, size=image_vec_length).astype(np.uint8).tobytes())


def main(data_dir):
    data_dir = os.path.join(data_dir, 'h71_pottery')
    _write_data(data_dir)
    sess = tf.Session()

    # Get data
    print('Getting/Transforming Data.')
    # Initialize the data pipeline
    images, targets = input_pipeline(data_dir, batch_size, train_logical=True)
    # Get batch test images and targets from pipline
    test_images, test_targets = input_pipeline(data_dir, batch_size, train_logical=False)

    # Initialize Variables
    print('Initializing the Variables.')
    init = tf.global_variables_initializer()
    sess.run(init)
    sess.run(tf.local_variables_initializer())

    # Initialize queue (This queue will feed into the model, so no placeholders necessary)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    # Train CNN
    print('Starting Training')
    batches = []
    for i in range(generations):
        if (i+1) % eval_every == 0:
            test_x, test_y = sess.run([test_images, test_targets])
            batches.append([np.round(test_x, 3).tolist(), test_y.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "tiles: %d" % sum(len(b[1]) for b in batches)}
