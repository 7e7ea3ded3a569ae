"""An input object whose class derives from a base class of the same module that keeps the batch size and
names the input (it reads none of the queue's attributes); the subclass builds its FIFOQueue, enqueue op and
runner in ``__init__`` after ``super().__init__``; ``next_examples`` dequeues batches of the base's size."""

import tensorflow.compat.v1 as tf


class InputBase(object):

    def __init__(self, batch_size, name):
        self.batch_size = batch_size
        self.name = name

    def describe(self):
        return "%s (%d a batch)" % (self.name, self.batch_size)


class ExampleInput(InputBase):

    def __init__(self, data_dir, batch_size, capacity=40):
        super(ExampleInput, self).__init__(batch_size, "examples")
        self.files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
        filename_queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        x, label = self._parse(filename_queue, 3)
        self.queue = tf.FIFOQueue(capacity, [tf.float32, tf.int64], shapes=[[3], []])
        self.enqueue_op = self.queue.enqueue([x, label])
        tf.train.add_queue_runner(tf.train.QueueRunner(self.queue, [self.enqueue_op]))

    def _parse(self, filename_queue, width):
        reader = tf.TFRecordReader()
        _, record = reader.read(filename_queue)
        parsed = tf.parse_single_example(record, {"x": tf.FixedLenFeature([width], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
        return parsed["x"] * 2.0, parsed["label"]

    def next_examples(self):
        xs, labels = self.queue.dequeue_many(self.batch_size)
        return {"x": xs, "label": labels}


def main(data_dir):
    source = ExampleInput(data_dir, 20)  # 180 records: 9 batches
    batch = source.next_examples()
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                got = sess.run(batch)
                batches.append([got["x"].tolist(), got["label"].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end, "what": source.describe()}
