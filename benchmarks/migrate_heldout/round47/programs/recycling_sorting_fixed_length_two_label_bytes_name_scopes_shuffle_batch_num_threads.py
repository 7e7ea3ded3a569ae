import os

import numpy as np
import tensorflow.compat.v1 as tf

batch_size = 3
num_epochs = 1
height, width, depth = 4, 4, 3


def _write_bins(folder):
    rng = np.random.RandomState(4704)
    paths = []
    for k in range(2):
        p = os.path.join(folder, "sorting_batch_%d.bin" % k)
        with open(p, "wb") as f:
            for _ in range(6):
                coarse = rng.randint(0, 3)
                fine = rng.randint(0, 9)
                f.write(bytes([coarse, fine]))
                f.write(rng.randint(0, 256, size=height * width * depth).astype(np.uint8).tobytes())
        paths.append(p)
    return paths


def pre_process(image):
    # preprocess using tensorflow functions
    return image / 255.0


def main(data_dir):
    folder = os.path.join(data_dir, "h47_recycling_bins")
    os.makedirs(folder, exist_ok=True)
    _write_bins(folder)

    with tf.name_scope("train_input"):
        filenames = tf.convert_to_tensor(tf.train.match_filenames_once(folder + "/*.bin", name="filenamesholder"))

        # create a queue of filenames
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True, seed=3)

    # How to Read Binary Files using tensorflow ?
    with tf.name_scope("input_data"):
        label_bytes = 2  # coarse bin + fine material
        image_bytes = height * width * depth

        record_bytes = label_bytes + image_bytes

        reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
        key, value = reader.read(filename_queue)  # read filename queue.

        record_bytes = tf.decode_raw(value, tf.uint8)

        label = tf.cast(tf.strided_slice(record_bytes, [0], [label_bytes]), tf.int32)
        depth_major = tf.reshape(tf.strided_slice(record_bytes, [label_bytes], [label_bytes + image_bytes]),
                                 [depth, height, width])
        image = tf.cast(tf.transpose(depth_major, [1, 2, 0]), tf.float32)

    with tf.name_scope("pre_process_image"):
        # Apply the pre_processing
        image = pre_process(image)
        mean_rgb = tf.reduce_mean(image, axis=[0, 1])

    # Queue the images and feed the network with a batch of images
    with tf.name_scope("queue_images"):
        min_after_dequeue = 2  # minimum number of images in the bin after dequeue
        capacity = min_after_dequeue + 3 * batch_size  # max number of images which can be stored in bin
        label.set_shape([2])
        example_batch, label_batch = tf.train.shuffle_batch([mean_rgb, label], batch_size=batch_size, num_threads=2,
                                                            capacity=capacity, min_after_dequeue=min_after_dequeue,
                                                            seed=5)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                e, l = sess.run([example_batch, label_batch])
                batches.append([np.round(e.astype(np.float64), 6).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "sorted items: %d" % (len(batches) * batch_size)}
