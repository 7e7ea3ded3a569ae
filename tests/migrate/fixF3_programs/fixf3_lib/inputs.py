"""The subclass, in another module of the package than its base: its queue, filled by a runner."""
from tensorflow.compat.v1 import FIFOQueue, TFRecordReader, gfile, train
import tensorflow.compat.v1 as tf

from fixf3_lib.base import Source


class RecordSource(Source):

    def __init__(self, data_dir, batch_size):
        Source.__init__(self, batch_size)
        files = sorted(gfile.Glob(data_dir + "/records-*.tfrecord"))
        filename_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, record = TFRecordReader().read(filename_queue)
        parsed = tf.parse_single_example(record, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
        self.examples = FIFOQueue(50, [tf.float32, tf.int64], shapes=[[3], []])
        train.add_queue_runner(train.QueueRunner(self.examples, [self.examples.enqueue([parsed["x"],
                                                                                       parsed["label"]])]))

    def batch(self):
        self.count()
        return self.examples.dequeue_many(self.batch_size)
