import tensorflow.compat.v1 as tf

NUM_FEATURES = 5


class InputPipeline(object):

    def __init__(self, num_threads=2, seed=44):
        self.num_threads = num_threads
        self.seed = seed

    def _read_records(self, file_queue):
        """
        Read single example from file_quene

        :param file_queue: String - file quene
        :return: single sample including features and label
        """

        reader = tf.TFRecordReader()
        key, record_string = reader.read(file_queue)
        features = tf.parse_single_example(
            record_string,
            features={
                'features': tf.FixedLenFeature([NUM_FEATURES], tf.float32),
                'label': tf.FixedLenFeature([], tf.int64),
                'find_no': tf.FixedLenFeature([], tf.int64),
            })

        sample = tf.cast(features['features'], tf.float32)
        label = tf.cast(features['label'], tf.int32)
        find_no = features['find_no']
        return sample, label, find_no

    def input_pipeline(self, filenames, batch_size, num_epochs=None):
        """
        Create batches of finds

        :param filenames: list - tfrecords files
        :param batch_size: int - batch size
        :param num_epochs: int - number of epochs
        :return: batch of samples, labels and find numbers
        """
        file_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True,
                                                    seed=self.seed)
        sample, label, find_no = self._read_records(file_queue)
        min_after_dequeue = 4
        capacity = min_after_dequeue + 3 * batch_size
        sample_batch, label_batch, find_batch = tf.train.shuffle_batch(
            [sample, label, find_no], batch_size=batch_size, capacity=capacity,
            min_after_dequeue=min_after_dequeue, num_threads=self.num_threads, seed=self.seed)
        return sample_batch, label_batch, find_batch
