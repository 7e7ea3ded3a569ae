"""slim's data provider written out by hand: a parallel reader (several TFRecordReaders into a common
RandomShuffleQueue), a decoder giving items by name, `tf.train.batch` with several threads, a prefetch FIFOQueue
of whole batches with its QueueRunner, all read under `tf.train.Supervisor` until the input ends."""

import os

import tensorflow.compat.v1 as tf


class ExampleDecoder(object):
    def __init__(self):
        self.keys_to_features = {
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([1], tf.int64, default_value=0),
        }

    def list_items(self):
        return ["x", "label"]

    def decode(self, serialized, items):
        parsed = tf.parse_single_example(serialized, self.keys_to_features)
        handlers = {"x": lambda: parsed["x"], "label": lambda: tf.squeeze(parsed["label"], 0)}
        return [handlers[item]() for item in items]


class DataProvider(object):
    def __init__(self, files, num_readers=2, num_epochs=2, common_queue_capacity=120, common_queue_min=40):
        self._decoder = ExampleDecoder()
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True, seed=23)
        common_queue = tf.RandomShuffleQueue(capacity=common_queue_capacity, min_after_dequeue=common_queue_min,
                                             dtypes=[tf.string, tf.string], seed=29, name="common_queue")
        enqueue_ops = []
        for _ in range(num_readers):
            key, value = tf.TFRecordReader().read(filename_queue)
            enqueue_ops.append(common_queue.enqueue([key, value]))
        tf.train.add_queue_runner(tf.train.QueueRunner(common_queue, enqueue_ops))
        self._key, self._value = common_queue.dequeue()
        self._items = dict(zip(self._decoder.list_items(),
                               self._decoder.decode(self._value, self._decoder.list_items())))

    def get(self, items):
        return [self._items[item] for item in items]


def prefetch_queue(tensors, capacity=4, num_threads=1):
    dtypes = [t.dtype for t in tensors]
    shapes = [t.get_shape() for t in tensors]
    queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes, name="prefetch_queue")
    enqueue_op = queue.enqueue(tensors)
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(queue, [enqueue_op] * num_threads))
    return queue


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    provider = DataProvider(files)
    x, label = provider.get(["x", "label"])
    x = tf.reverse(x, [0])
    xs, labels = tf.train.batch([x, label], batch_size=36, num_threads=4, capacity=5 * 36)
    batch_queue = prefetch_queue([xs, labels])
    x_batch, label_batch = batch_queue.dequeue()
    sv = tf.train.Supervisor(logdir=None, summary_op=None, saver=None)
    batches = []
    end = None
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                xv, lv = sess.run([x_batch, label_batch])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append([xv.tolist(), lv.tolist()])
    return {"batches": batches, "end": end}
