"""Leaf-disease thumbnails: records with image / label / height / width / channels, files from a glob, a
two-thread shuffle_batch with capacity = min_after_dequeue + 3 * batch_size."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_records(folder):
    rng = np.random.RandomState(37)
    for shard in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(folder, "leaves-%d.tfrecords" % shard)) as writer:
            for i in range(4):
                img = rng.randint(0, 256, (3, 3, 1)).astype(np.uint8)
                def i64(v):
                    return tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                    'label': i64(shard * 4 + i), 'height': i64(3), 'width': i64(3), 'channels': i64(1)}))
                writer.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, "h37_leaf_disease")
    os.makedirs(folder, exist_ok=True)
    write_records(folder)

    files = sorted(tf.gfile.Glob(os.path.join(folder, "leaves-*.tfrecords")))
    file_name_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)

    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(file_name_queue)
    # get the features from TFRecords files
    features = tf.parse_single_example(
        serialized_example,
        features={
            'image': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64),
            'height': tf.FixedLenFeature([], tf.int64),
            'width': tf.FixedLenFeature([], tf.int64),
            'channels': tf.FixedLenFeature([], tf.int64)})

    image, label = features['image'], features['label']
    height, width = features['height'], features['width']
    channels = features['channels']
    decoded_image = tf.decode_raw(image, tf.uint8)
    decoded_image = tf.reshape(decoded_image, tf.stack([height, width, channels]))
    decoded_image.set_shape([3, 3, 1])
    image_mean = tf.reduce_mean(tf.cast(decoded_image, tf.float32))

    min_after_dequeue = 2
    batch_size = 4
    capacity = min_after_dequeue + 3 * batch_size
    image_batch, label_batch, mean_batch = tf.train.shuffle_batch(
        [decoded_image, label, image_mean], batch_size=batch_size,
        capacity=capacity, min_after_dequeue=min_after_dequeue, num_threads=2)

    batches = []
    with tf.Session() as sess:
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for i in range(10):
                im, lb, mn = sess.run([image_batch, label_batch, mean_batch])
                batches.append([im.tolist(), lb.tolist(), np.round(mn.astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads=threads)
    return {"batches": batches, "end": "leaves: %d" % sum(len(b[1]) for b in batches)}
