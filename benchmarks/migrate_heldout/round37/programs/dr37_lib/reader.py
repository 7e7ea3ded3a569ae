import tensorflow.compat.v1 as tf


class Reader(object):
    """TFrecords reader class.

    Args:
        dataset: an instance of the dataset class
        reader_kwargs: extra arguments to be passed to the TFRecordReader
        shuffle: whether to shuffle the dataset
        num_readers: a int, num of readers to launch
        capacity: a int, capacity of the queue used
        num_epochs: a int, num of epochs for training or validation
    """

    def __init__(self, dataset, reader_kwargs=None, shuffle=True, num_readers=4, capacity=32, num_epochs=None):
        self.dataset = dataset
        self.reader_kwargs = reader_kwargs or {}
        self.shuffle = shuffle
        self.num_readers = num_readers
        self.capacity = capacity
        self.num_epochs = num_epochs

    def parallel_reader(self, min_queue_examples=4):
        """Primary reader function: several readers fill one common queue."""
        data_files = self.dataset.data_files()
        filename_queue = tf.train.string_input_producer(
            data_files, num_epochs=self.num_epochs, shuffle=self.shuffle, capacity=self.capacity)
        if self.shuffle:
            examples_queue = tf.RandomShuffleQueue(
                capacity=self.capacity, min_after_dequeue=min_queue_examples, dtypes=[tf.string])
        else:
            examples_queue = tf.FIFOQueue(capacity=self.capacity, dtypes=[tf.string])
        enqueue_ops = []
        for _reader in range(self.num_readers):
            reader = tf.TFRecordReader(**self.reader_kwargs)
            _, value = reader.read(filename_queue)
            enqueue_ops.append(examples_queue.enqueue([value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
        return examples_queue.dequeue()

    def single_example(self):
        serialized = self.parallel_reader()
        parsed = tf.parse_single_example(serialized, self.dataset.features)
        image = tf.decode_raw(parsed['image/encoded'], tf.uint8)
        image = tf.reshape(image, [2, 2, 3])
        image = tf.cast(image, tf.float32) / 255.0
        label = tf.cast(parsed['image/class/label'], tf.int32)
        return image, label, parsed['image/filename']
