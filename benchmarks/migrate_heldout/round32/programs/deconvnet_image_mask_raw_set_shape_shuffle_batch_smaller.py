"""DeconvNet segmentation utils: image_raw / mask_raw decode_raw, set_shape, mask scaled to class ids,
input_pipeline(filenames, batch_size, num_epochs) with shuffle_batch(allow_smaller_final_batch=True)."""
import os

import numpy as np
import tensorflow as tf

H, W = 4, 4


def read_and_decode(filename_queue):
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.compat.v1.parse_single_example(
        serialized_example,
        # Defaults are not specified since both keys are required.
        features={
            'image_raw': tf.compat.v1.FixedLenFeature([], tf.string),
            'mask_raw': tf.compat.v1.FixedLenFeature([], tf.string),
        }
    )

    # must be read back as uint8 here
    image = tf.compat.v1.decode_raw(features['image_raw'], tf.uint8)
    segmentation = tf.compat.v1.decode_raw(features['mask_raw'], tf.uint8)

    image.set_shape([H * W * 3])
    segmentation.set_shape([H * W * 1])

    image = tf.reshape(image, [H, W, 3])
    segmentation = tf.reshape(segmentation, [H, W])

    rgb = tf.cast(image, tf.float32)
    rgb = rgb * (1. / 255)

    mask = tf.cast(segmentation, tf.float32)
    mask = (mask / 255.) * 20
    mask = tf.cast(mask, tf.int64)

    return rgb, mask


def input_pipeline(filenames, batch_size, num_epochs):
    filename_queue = tf.compat.v1.train.string_input_producer(
        [filenames], num_epochs=num_epochs, shuffle=False)

    image, label = read_and_decode(filename_queue)

    min_after_dequeue = 3
    capacity = min_after_dequeue + 3 * batch_size
    images_batch, labels_batch = tf.compat.v1.train.shuffle_batch(
        [image, label], batch_size=batch_size,
        enqueue_many=False, shapes=None,
        allow_smaller_final_batch=True,
        capacity=capacity,
        min_after_dequeue=min_after_dequeue, seed=5)
    return images_batch, labels_batch


def _write(path):
    rng = np.random.RandomState(321)
    with tf.io.TFRecordWriter(path) as w:
        for i in range(12):
            img = rng.randint(0, 256, size=(H, W, 3)).astype(np.uint8)
            mask = (rng.randint(0, 21, size=(H, W)) * 255 // 20).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                'mask_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[mask.tobytes()])),
            }))
            w.write(ex.SerializeToString())


def main(data_dir):
    root = os.path.join(data_dir, 'h32_deconvnet')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'train.tfrecords')
    _write(path)
    images, masks = input_pipeline(path, 4, 1)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.group(tf.compat.v1.global_variables_initializer(),
                                tf.compat.v1.local_variables_initializer()))
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            img, msk = sess.run([images, masks])
            batches.append([[round(float(i.sum()), 3), int(m.sum()), int(m.max())] for i, m in zip(img, msk)])
    except tf.errors.OutOfRangeError:
        end = 'segmentation batches done'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': end}
