"""TFrecords reader class (tefla style)."""
import tensorflow.compat.v1 as tf


class Reader(object):
    """TFrecords reader class.

    Args:
        dataset: an instance of the dataset class
        reader_kwargs: extra arguments to be passed to the TFRecordReader
        shuffle: whether to shuffle the dataset
        num_readers: num of readers to launch
        capacity: capacity of the queue used
        num_epochs: num of epochs for training or validation
    """

    def __init__(self, dataset, reader_kwargs=None, shuffle=True, num_readers=2, capacity=32, num_epochs=None):
        self.dataset = dataset
        self.reader_kwargs = reader_kwargs or {}
        self.shuffle = shuffle
        self.num_readers = num_readers
        self.capacity = capacity
        self.num_epochs = num_epochs

    def single_reader(self, filename_queue):
        reader = tf.TFRecordReader(**self.reader_kwargs)
        _, record = reader.read(filename_queue)
        return record

    def parse_example(self, record):
        parsed = tf.parse_single_example(record, self.dataset.features)
        return parsed['image/id'], parsed['image/feats'], parsed['image/class/label']

    def batch_inputs(self, batch_size, min_after_dequeue=4):
        with tf.name_scope('batch_processing'):
            files = self.dataset.data_files()
            filename_queue = tf.train.string_input_producer(
                files, num_epochs=self.num_epochs, shuffle=self.shuffle, seed=7, capacity=self.capacity)
            examples = [self.parse_example(self.single_reader(filename_queue))
                        for _ in range(self.num_readers)]
            return tf.train.shuffle_batch_join(
                examples, batch_size=batch_size, capacity=min_after_dequeue + 3 * batch_size,
                min_after_dequeue=min_after_dequeue, seed=7)
