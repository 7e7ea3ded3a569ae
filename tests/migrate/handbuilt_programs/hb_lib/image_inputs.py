"""An image model's inputs as a class of another module: ``ImageInputs.distorted`` makes a FIFOQueue of
serialized examples filled by ``num_readers`` readers (one enqueue op each, ``tf.train.add_queue_runner``),
dequeues it once, and joins ``num_threads`` copies of ``self._parse`` + ``self._preprocess``; the copy's
index goes on through ``_preprocess`` to ``_distort``, which only names its op with it."""

import tensorflow.compat.v1 as tf


class ImageInputs(object):
    def __init__(self, files, batch_size, num_readers=2, num_threads=2):
        self.files = files
        self.batch_size = batch_size
        self.num_readers = num_readers
        self.num_threads = num_threads

    def _parse(self, serialized):
        parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                      "label": tf.FixedLenFeature([1], tf.int64)})
        return parsed["x"], parsed["label"]

    def _distort(self, image, thread_id):
        return tf.add(image, 1.0, name="distort_%d" % thread_id)

    def _preprocess(self, image, thread_id):
        return self._distort(image, thread_id=thread_id)

    def distorted(self):
        filename_queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        examples_queue = tf.FIFOQueue(capacity=64, dtypes=[tf.string])
        enqueue_ops = []
        for _ in range(self.num_readers):
            _, value = tf.TFRecordReader().read(filename_queue)
            enqueue_ops.append(examples_queue.enqueue([value]))
        tf.train.add_queue_runner(tf.train.QueueRunner(examples_queue, enqueue_ops))
        serialized = examples_queue.dequeue()
        pairs = []
        for copy in range(self.num_threads):
            image, label = self._parse(serialized)
            pairs.append([self._preprocess(image, copy), label])
        images, labels = tf.train.batch_join(pairs, self.batch_size, capacity=4 * self.batch_size)
        return images, tf.reshape(labels, [self.batch_size])
