from game57_lib.data_generator_base import DataGeneratorBase
import tensorflow.compat.v1 as tf


class DataGeneratorQueue(DataGeneratorBase):
    """
    A DataGenerator that uses tf.queue to feed the data. Performs prefetching in background threads.
    """
    def init_queue(self):
        shapes = [shape for _, shape in self.data_names_and_shapes]
        self.queue = tf.FIFOQueue(self.queue_size, self.data_types, shapes=shapes)
        self.enqueue = self.queue.enqueue(self.placeholders)
        self.close = self.queue.close()

    def get_feed_dict(self):
        entry = self.dataset.get_next()
        if entry is None:
            return None
        return {ph: entry[name] for ph, (name, _) in zip(self.placeholders, self.data_names_and_shapes)}

    def dequeue(self):
        return self.queue.dequeue_many(self.batch_size)
