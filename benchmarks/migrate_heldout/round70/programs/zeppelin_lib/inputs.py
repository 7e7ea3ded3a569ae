import tensorflow.compat.v1 as tf


class Inputs(object):

    def __init__(self,
                 path_to_tfrecords_file,
                 batch_size=32,
                 shuffle=True,
                 min_queue_examples=5000,
                 num_preprocess_threads=8,
                 num_reader_threads=4):

        super(Inputs, self).__init__()

        self.reader = tf.TFRecordReader()
        self.path_to_tfrecords_file = path_to_tfrecords_file
        self.batch_size = batch_size
        self.min_queue_examples = min_queue_examples
        self.num_preprocess_threads = num_preprocess_threads
        self.num_reader_threads = num_reader_threads
        self.shuffle = shuffle

        assert tf.gfile.Exists(self.path_to_tfrecords_file), '%s not found' % self.path_to_tfrecords_file

    def _read(self, filename_queue):
        _, serialized_example = self.reader.read(filename_queue)
        features = tf.parse_single_example(
            serialized_example,
            features={
                'flight_id': tf.FixedLenFeature([], tf.int64),
                'altitude': tf.FixedLenFeature([3], tf.float32),
                'callsign': tf.FixedLenFeature([], tf.string),
            })
        altitude = features['altitude'] / 100.0
        return features['flight_id'], altitude, features['callsign']

    def get_batch(self, num_epochs=None):
        filename_queue = tf.train.string_input_producer([self.path_to_tfrecords_file],
                                                        num_epochs=num_epochs, shuffle=False)
        flight_id, altitude, callsign = self._read(filename_queue)
        if self.shuffle:
            return tf.train.shuffle_batch([flight_id, altitude, callsign],
                                          batch_size=self.batch_size,
                                          num_threads=self.num_preprocess_threads,
                                          capacity=self.min_queue_examples + 3 * self.batch_size,
                                          min_after_dequeue=self.min_queue_examples,
                                          seed=70)
        return tf.train.batch([flight_id, altitude, callsign],
                              batch_size=self.batch_size,
                              num_threads=self.num_preprocess_threads,
                              capacity=self.min_queue_examples + 3 * self.batch_size)
