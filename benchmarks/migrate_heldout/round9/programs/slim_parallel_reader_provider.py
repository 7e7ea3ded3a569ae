"""slim's DatasetDataProvider + parallel_reader written out by hand: a provider class builds a filename queue,
several TFRecordReaders feeding a common RandomShuffleQueue through a QueueRunner, and decodes items on get();
the train script batches them and runs under a Supervisor until the data ends."""

import os

import tensorflow.compat.v1 as tf


class TFExampleDecoder(object):

    def __init__(self, keys_to_features, items_to_handlers):
        self._keys_to_features = keys_to_features
        self._items_to_handlers = items_to_handlers

    def list_items(self):
        return list(self._items_to_handlers)

    def decode(self, serialized, items):
        example = tf.parse_single_example(serialized, self._keys_to_features)
        return [self._items_to_handlers[item](example) for item in items]


class ParallelReaderProvider(object):
    """Reads with num_readers readers into a common queue; get() decodes the requested items."""

    def __init__(self, data_sources, decoder, num_readers=2, shuffle=True, num_epochs=None,
                 common_queue_capacity=64, common_queue_min=16, seed=None, scope=None):
        self._decoder = decoder
        with tf.name_scope(scope, 'parallel_read'):
            filename_queue = tf.train.string_input_producer(
                data_sources, num_epochs=num_epochs, shuffle=shuffle, seed=seed, name='filenames')
            if shuffle:
                common_queue = tf.RandomShuffleQueue(
                    capacity=common_queue_capacity, min_after_dequeue=common_queue_min,
                    dtypes=[tf.string, tf.string], seed=seed, name='common_queue')
            else:
                common_queue = tf.FIFOQueue(capacity=common_queue_capacity, dtypes=[tf.string, tf.string],
                                            name='common_queue')
            enqueue_ops = []
            for _ in range(num_readers):
                reader = tf.TFRecordReader()
                enqueue_ops.append(common_queue.enqueue(reader.read(filename_queue)))
            tf.train.queue_runner.add_queue_runner(
                tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
            self._key, self._data = common_queue.dequeue()

    def list_items(self):
        return self._decoder.list_items()

    def get(self, items):
        return self._decoder.decode(self._data, items)


def get_split(data_dir, num_epochs):
    keys_to_features = {
        'x': tf.FixedLenFeature([3], tf.float32),
        'label': tf.FixedLenFeature([], tf.int64, default_value=-1),
    }
    items_to_handlers = {
        'value': lambda ex: ex['x'],
        'label': lambda ex: ex['label'],
    }
    decoder = TFExampleDecoder(keys_to_features, items_to_handlers)
    sources = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(4)]
    return ParallelReaderProvider(sources, decoder, num_readers=2, shuffle=True, num_epochs=num_epochs,
                                  common_queue_capacity=20 * 8, common_queue_min=10 * 8)


def main(data_dir):
    batch_size = 16
    provider = get_split(data_dir, num_epochs=1)
    [value, label] = provider.get(['value', 'label'])
    value = tf.reduce_sum(value)
    values, labels = tf.train.batch([value, label], batch_size=batch_size, num_threads=2,
                                    capacity=5 * batch_size, allow_smaller_final_batch=True)

    sv = tf.train.Supervisor(logdir=None, init_op=tf.global_variables_initializer(),
                             local_init_op=tf.local_variables_initializer())
    batches = []
    end = None
    with sv.managed_session() as sess:
        try:
            while not sv.should_stop():
                v, l = sess.run([values, labels])
                batches.append([v.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError as e:
            end = type(e).__name__
    return {"batches": batches, "end": end}
