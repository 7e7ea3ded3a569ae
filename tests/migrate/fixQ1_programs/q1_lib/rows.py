"""A row source class holding its hand-built queue and runner on ``self``; ``launch`` starts the runner's threads
with the coordinator it is handed (by keyword)."""
import tensorflow.compat.v1 as tf


class RowSource:

    def __init__(self, path, batch_size):
        names = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(names)
        label, weight = tf.decode_csv(line, record_defaults=[[0], [0.0]])
        self.queue = tf.FIFOQueue(12, [tf.int32, tf.float32], shapes=[[], []])
        self.op = self.queue.enqueue([label, weight])
        self.batch = self.queue.dequeue_many(batch_size)
        self.runner = tf.train.QueueRunner(self.queue, [self.op])

    def launch(self, session, coordinator=None):
        return self.runner.create_threads(session, coord=coordinator, start=True)
