"""An image processor base keeping its data set, and a subclass whose ``batch`` is Inception's ``batch_inputs``
as a method: the file producer and the examples queue each chosen by ``self.mode == 'train'``, the readers by
``self.num_readers > 1``, copies of parse joined by ``batch_join``."""
import tensorflow.compat.v1 as tf

MODES = ("train", "eval")


class BaseProcessor(object):

    def __init__(self, mode, dataset, batch_size, num_threads=2, num_readers=None):
        self.mode = mode
        self.dataset = dataset
        self.batch_size = batch_size
        self.num_threads = num_threads
        self.num_readers = num_readers

    def batch(self):
        raise NotImplementedError


class RecordProcessor(BaseProcessor):

    def __init__(self, mode, dataset, batch_size, num_threads=2, num_readers=None):
        super(RecordProcessor, self).__init__(mode, dataset, batch_size, num_threads, num_readers)
        assert self.mode in MODES
        if self.num_readers is None:
            self.num_readers = 1 if mode == "eval" else 2

    def parse(self, serialized):
        features = tf.parse_single_example(serialized, {
            "x": tf.FixedLenFeature([3], dtype=tf.float32),
            "label": tf.FixedLenFeature([], dtype=tf.int64, default_value=-1)})
        x = features["x"] * 2.0
        if self.mode == "train":
            x = x + 1.0
        return x, tf.cast(features["label"], tf.int32)

    def batch(self):
        with tf.name_scope("batch_processing"):
            data_files = self.dataset.data_files()
            if data_files is None:
                raise ValueError("no data files")
            if self.mode == "train":
                filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=8,
                                                                num_epochs=1)
            else:
                filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1,
                                                                num_epochs=1)
            if self.num_readers < 1:
                raise ValueError("Please make num_readers at least 1")
            per_shard = self.dataset.examples_per_shard()
            min_after = per_shard * 2
            if self.mode == "train":
                examples_queue = tf.RandomShuffleQueue(capacity=min_after + 3 * self.batch_size,
                                                       min_after_dequeue=min_after, dtypes=[tf.string])
            else:
                examples_queue = tf.FIFOQueue(capacity=per_shard + 3 * self.batch_size, dtypes=[tf.string])
            if self.num_readers > 1:
                enqueue_ops = []
                for _ in range(self.num_readers):
                    reader = self.dataset.reader()
                    _, value = reader.read(filename_queue)
                    enqueue_ops.append(examples_queue.enqueue([value]))
                tf.train.queue_runner.add_queue_runner(
                    tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
                example_serialized = examples_queue.dequeue()
            else:
                reader = self.dataset.reader()
                _, example_serialized = reader.read(filename_queue)
            xs_and_labels = []
            for _ in range(self.num_threads):
                x, label = self.parse(example_serialized)
                xs_and_labels.append([x, label])
            xs, labels = tf.train.batch_join(xs_and_labels, batch_size=self.batch_size,
                                             capacity=2 * self.num_threads * self.batch_size,
                                             allow_smaller_final_batch=True)
            xs = tf.reshape(xs, [-1, 3])
            return xs, tf.reshape(labels, [-1])
