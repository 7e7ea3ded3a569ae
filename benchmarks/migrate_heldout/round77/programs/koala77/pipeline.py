"""pipeline.py: the reading-data how-to's "queue + QueueRunner" recipe as a company helper class (the how-to
text appears in leslieai/tf-highlight `queue_test.py`: "Create a queue, and an op that enqueues examples one at
a time in the queue", `queue = tf.RandomShuffleQueue(...)`, `enqueue_op = queue.enqueue(example)`, `inputs =
queue.dequeue_many(batch_size)`, `qr = tf.train.QueueRunner(queue, [enqueue_op] * 4)`, `qr.create_threads(sess,
coord=coord, start=True)`). The class wrapping and the record parsing are the writer's."""
import tensorflow.compat.v1 as tf


class SightingPipeline(object):

    def __init__(self, filenames, batch_size, num_threads=2, num_epochs=1, capacity=64, min_after_dequeue=8):
        self.batch_size = batch_size
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
        example = self._read_example(filename_queue)
        # Create a queue, and an op that enqueues examples one at a time in the queue.
        self.queue = tf.RandomShuffleQueue(capacity, min_after_dequeue,
                                           dtypes=[tf.int64, tf.string, tf.float32],
                                           shapes=[[], [], [2]], seed=77)
        self.enqueue_op = self.queue.enqueue(example)
        # Create a training graph that starts by dequeuing a batch of examples.
        self.inputs = self.queue.dequeue_many(batch_size)
        # Create a queue runner that will run num_threads threads in parallel to enqueue examples.
        self.qr = tf.train.QueueRunner(self.queue, [self.enqueue_op] * num_threads)

    def _read_example(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        features = tf.parse_single_example(serialized, {
            'sighting_id': tf.FixedLenFeature([], tf.int64),
            'tree': tf.FixedLenFeature([], tf.string),
            'location': tf.FixedLenFeature([2], tf.float32),
        })
        return [features['sighting_id'], features['tree'], features['location']]

    def start(self, sess, coord):
        return self.qr.create_threads(sess, coord=coord, start=True)
