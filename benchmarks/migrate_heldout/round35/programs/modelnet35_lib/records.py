import tensorflow.compat.v1 as tf

npoints = None


def cutpoints(points, num_points):
    slices = tf.range(num_points, dtype=tf.int32)
    return tf.gather(points, slices)


def parse(num_points):
    def _parse(record):
        features = tf.parse_single_example(
                record,
                features={
                    'points': tf.FixedLenFeature([], tf.string),
                    'rows': tf.FixedLenFeature([], tf.int64),
                    'label': tf.FixedLenFeature([], tf.int64),
                })
        points = tf.reshape(tf.decode_raw(features['points'], tf.float32), [-1, 3])
        points = cutpoints(points, num_points)
        points.set_shape([num_points, 3])
        return points, tf.cast(features['label'], tf.int32)
    return _parse


def read(filenames, num_points, batch_size):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1)
    reader = tf.TFRecordReader()
    _, record = reader.read(filename_queue)
    points, label = parse(num_points)(record)
    return tf.train.shuffle_batch([points, label], batch_size=batch_size,
                                  capacity=20, min_after_dequeue=4, num_threads=2)
