import tensorflow.compat.v1 as tf


class ShardReader(object):
    """Several readers into one common queue (tefla's Reader)."""

    def __init__(self, dataset, reader_kwargs=None, shuffle=True, num_readers=4, capacity=32, num_epochs=None):
        self.dataset = dataset
        self.reader_kwargs = reader_kwargs or {}
        self.shuffle = shuffle
        self.num_readers = num_readers
        self.capacity = capacity
        self.num_epochs = num_epochs

    def parallel_reader(self, min_queue_examples=3):
        data_files = self.dataset.data_files()
        filename_queue = tf.train.string_input_producer(
            data_files, num_epochs=self.num_epochs, shuffle=self.shuffle, capacity=self.capacity)
        if self.shuffle:
            examples_queue = tf.RandomShuffleQueue(
                capacity=self.capacity, min_after_dequeue=min_queue_examples, dtypes=[tf.string])
        else:
            examples_queue = tf.FIFOQueue(capacity=self.capacity, dtypes=[tf.string])
        enqueue_ops = []
        for _ in range(self.num_readers):
            reader = tf.TFRecordReader(**self.reader_kwargs)
            _, value = reader.read(filename_queue)
            enqueue_ops.append(examples_queue.enqueue([value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
        return examples_queue.dequeue()

    def single_example(self, scale=255.0):
        serialized = self.parallel_reader()
        parsed = tf.parse_single_example(serialized, self.dataset.features)
        pixels = tf.decode_raw(parsed['pixels'], tf.uint8)
        pixels = tf.cast(tf.reshape(pixels, [6]), tf.float32) / scale
        return pixels, parsed['label']
