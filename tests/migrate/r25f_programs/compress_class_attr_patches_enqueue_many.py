"""GZIP records (a class attribute of another module imported by name) cut into patches by
extract_image_patches and batched with enqueue_many, in a model class's inputs() (the mri_us form)."""
import os

import tensorflow.compat.v1 as tf

from r25f_lib.records import Config, write


class Model(object):
    def __init__(self, batch_size):
        self.batch_size = batch_size

    def inputs(self, filenames):
        queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
        reader = tf.TFRecordReader(options=tf.python_io.TFRecordOptions(Config.COMPRESSION))
        _, serialized = reader.read(queue)
        values = tf.parse_single_example(serialized, {'v': tf.FixedLenFeature([16], tf.int64)})['v']
        image = tf.reshape(tf.cast(values, tf.float32), [1, 4, 4, 1])
        patches = tf.extract_image_patches(image, [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], 'VALID')
        patches = tf.reshape(patches, [-1, 2, 2, 1])
        return tf.train.batch([patches], self.batch_size, enqueue_many=True)


def main(data_dir):
    root = os.path.join(data_dir, 'r25f_compress_class_attr_patches_enqueue_many')
    os.makedirs(root, exist_ok=True)
    paths = []
    for shard in range(2):
        path = os.path.join(root, 'slices-%d.tfrecord.gz' % shard)
        write(path, [[100 * (2 * shard + k) + i for i in range(16)] for k in range(2)],
              tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.GZIP))
        paths.append(path)
    batch = Model(batch_size=3).inputs(paths)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
