"""slim's data providers written out by hand: a parallel reader (several readers into a common queue with its
own QueueRunner), a provider of named items, and a prefetch queue of batches."""

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


def parallel_read(data_sources, reader_class, num_epochs=None, num_readers=2, shuffle=True,
                  capacity=64, min_after_dequeue=16, seed=None):
    filename_queue = tf.train.string_input_producer(data_sources, num_epochs=num_epochs, shuffle=shuffle,
                                                    seed=seed, capacity=32, name='filenames')
    if shuffle:
        common_queue = data_flow_ops.RandomShuffleQueue(
            capacity=capacity, min_after_dequeue=min_after_dequeue, dtypes=[tf.string, tf.string],
            seed=seed, name='common_queue')
    else:
        common_queue = data_flow_ops.FIFOQueue(capacity=capacity, dtypes=[tf.string, tf.string],
                                               name='common_queue')

    enqueue_ops = []
    for _ in range(num_readers):
        reader = reader_class()
        enqueue_ops.append(common_queue.enqueue(reader.read(filename_queue)))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
    return common_queue.dequeue()


class RecordProvider(object):
    """Gives the named items of the examples of `data_sources`."""

    def __init__(self, data_sources, num_readers=2, shuffle=True, num_epochs=None, seed=None):
        _, data = parallel_read(data_sources, reader_class=tf.TFRecordReader, num_epochs=num_epochs,
                                num_readers=num_readers, shuffle=shuffle, seed=seed)
        parsed = tf.parse_single_example(data, {
            'x': tf.FixedLenFeature([3], tf.float32),
            'label': tf.FixedLenFeature([], tf.int64),
        })
        self._items = {'x': parsed['x'], 'label': parsed['label'], 'x_max': tf.reduce_max(parsed['x'])}

    def list_items(self):
        return sorted(self._items)

    def get(self, items):
        return [self._items[item] for item in items]


def prefetch_queue(tensors, capacity=2, num_threads=1, name=None):
    dtypes = [t.dtype for t in tensors]
    shapes = [t.get_shape() for t in tensors]
    queue = data_flow_ops.FIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes, name=name)
    enqueue_op = queue.enqueue(tensors)
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(queue, [enqueue_op] * num_threads))
    return queue
