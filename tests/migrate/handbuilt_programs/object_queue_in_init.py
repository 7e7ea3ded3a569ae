"""An input object that makes its file queue, reads through a parsing method, and builds its FIFOQueue, the
enqueue op and the runner all in ``__init__``; ``next_examples`` dequeues batches (one enqueue thread: the
order is the reader's)."""

import tensorflow.compat.v1 as tf


class ExampleInput:

    def __init__(self, data_dir, capacity=40):
        self.files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
        filename_queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        x, label = self._parse(filename_queue, 3)
        self.queue = tf.FIFOQueue(capacity, [tf.float32, tf.int64], shapes=[[3], []], name="examples")
        self.enqueue_op = self.queue.enqueue([x, label])
        tf.train.add_queue_runner(tf.train.QueueRunner(self.queue, [self.enqueue_op]))

    def _parse(self, filename_queue, width):
        reader = tf.TFRecordReader()
        _, record = reader.read(filename_queue)
        parsed = tf.parse_single_example(record, {"x": tf.FixedLenFeature([width], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
        return parsed["x"] - 1.0, parsed["label"]

    def next_examples(self, batch_size):
        xs, labels = self.queue.dequeue_many(batch_size)
        return {"x": xs, "label": labels}


def main(data_dir):
    batch = ExampleInput(data_dir).next_examples(20)  # 180 records: 9 batches
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
    return {"batches": batches, "end": end}
