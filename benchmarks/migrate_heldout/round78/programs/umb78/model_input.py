"""Input functions of the umbrella-rental return model (serving and training share the feature spec)."""
import tensorflow.compat.v1 as tf

FEATURE_SPEC = {
    'station': tf.FixedLenFeature([], tf.string),
    'hours': tf.FixedLenFeature([], tf.float32),
    'rain_mm': tf.FixedLenFeature([], tf.float32),
    'returned': tf.FixedLenFeature([], tf.int64, default_value=0),
}
LABEL_KEY = 'returned'


def make_batch(file_pattern, batch_size, num_epochs=None, shuffle=False):
    files = sorted(tf.gfile.Glob(file_pattern))
    with tf.name_scope('input_' + ('train' if shuffle else 'eval')):
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=shuffle)
        reader = tf.TFRecordReader()
        _, serialized = reader.read_up_to(filename_queue, num_records=batch_size)
        features = tf.parse_example(serialized, features=FEATURE_SPEC)
        features = tf.train.batch(features, batch_size, enqueue_many=True, num_threads=1,
                                  capacity=batch_size * 10, allow_smaller_final_batch=True)
        labels = features.pop(LABEL_KEY)
    return features, labels
