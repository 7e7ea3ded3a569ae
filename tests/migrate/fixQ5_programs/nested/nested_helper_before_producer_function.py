"""A loading function nesting ``read_and_decode(filename_queue, shape)`` before its producer (the ikebana form),
one thread, in order until the end of data."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _write(path):
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(7):
            raw = (np.arange(12, dtype=np.uint8) + i).tobytes()
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[raw])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))}))
            w.write(ex.SerializeToString())


def load(filename, batch_size, num_epochs, img_shape):
    def read_and_decode(filename_queue, img_shape):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        features = tf.parse_single_example(serialized_example, features={
            'image_raw': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64)})
        image = tf.decode_raw(features['image_raw'], tf.uint8)
        image = tf.reshape(image, img_shape)
        image.set_shape(img_shape)
        image = tf.cast(image, tf.float32) * (1 / 255.0)
        return image, tf.cast(features['label'], tf.int32)

    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    image, label = read_and_decode(filename_queue, img_shape)
    return tf.train.batch([image, label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    path = os.path.join(data_dir, 'q5_nested_fn.tfrecords')
    _write(path)
    images, labels = load(path, 3, 2, [2, 2, 3])
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                im, lb = sess.run([images, labels])
                out.append([lb.tolist(), np.round(im[:, 0, 0, :], 4).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
