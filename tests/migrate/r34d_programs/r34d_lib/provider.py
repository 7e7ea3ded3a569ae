"""A slim-like data provider in plain TensorFlow: a common queue (a RandomShuffleQueue when shuffling) filled by
num_readers readers, one example decoded by a dict of item handlers."""
import tensorflow.compat.v1 as tf

class DataProvider(object):
    """Reads ``sources`` into a common queue and keeps the decoded items."""

    def __init__(self, sources, handlers, num_readers=1, shuffle=True, num_epochs=None, common_queue_capacity=32,
                 common_queue_min=8, reader=tf.TFRecordReader):
        filename_queue = tf.train.string_input_producer(sources, shuffle=shuffle, num_epochs=num_epochs)
        if shuffle:
            common_queue = tf.RandomShuffleQueue(capacity=common_queue_capacity, min_after_dequeue=common_queue_min,
                                                 dtypes=[tf.string, tf.string])
        else:
            common_queue = tf.FIFOQueue(capacity=common_queue_capacity, dtypes=[tf.string, tf.string])
        enqueue_ops = []
        for _ in range(num_readers):
            key, value = reader().read(filename_queue)
            enqueue_ops.append(common_queue.enqueue([key, value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
        _, data = common_queue.dequeue()
        keys_to_features = {
            "image/encoded": tf.FixedLenFeature((), tf.string, default_value=""),
            "image/class/label": tf.FixedLenFeature([], tf.int64),
            "image/class/text": tf.FixedLenFeature((), tf.string, default_value="unknown"),
        }
        example = tf.parse_single_example(data, keys_to_features)
        self._items_to_tensors = {item: handler(example) for item, handler in handlers.items()}

    def get(self, items):
        return [self._items_to_tensors[item] for item in items]
