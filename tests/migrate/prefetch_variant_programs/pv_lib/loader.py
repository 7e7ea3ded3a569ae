"""A loader class of another module: `from tensorflow.compat.v1 import train`, a name scope, a FIFO examples
queue filled by k readers through the runner collection, copies whose per-element `features` is reused by the
join's targets and returned under the scope."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class RecordLoader(object):

    def __init__(self, pattern, num_readers=3, num_copies=2):
        self.pattern = pattern
        self.num_readers = num_readers
        self.num_copies = num_copies

    def _parse(self, record):
        parsed = tf.parse_single_example(record, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
        return parsed["x"] - 1.0, parsed["label"]

    def batches(self, batch_size):
        with tf.name_scope("loader"):
            files = sorted(tf.gfile.Glob(self.pattern))
            if not files:
                raise ValueError("nothing matches %s" % self.pattern)
            file_queue = train.string_input_producer(files, num_epochs=2, shuffle=False)
            if self.num_copies is None:
                self.num_copies = 1
            examples = tf.FIFOQueue(capacity=50, dtypes=[tf.string])
            enqueue_ops = []
            for _ in range(self.num_readers):
                _, record = tf.TFRecordReader().read(file_queue)
                enqueue_ops.append(examples.enqueue([record]))
            runner = train.queue_runner.QueueRunner(examples, enqueue_ops)
            train.queue_runner.add_queue_runner(runner)
            record = examples.dequeue()
            per_copy = []
            for _ in range(self.num_copies):
                features, label = self._parse(record)
                per_copy.append((features, label))
            features, labels = train.batch_join(per_copy, batch_size=batch_size)
            return features, labels
