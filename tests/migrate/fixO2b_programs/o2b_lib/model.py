"""A model's input side: it dequeues the queue it is handed."""


class PairInputs(object):
    def __init__(self, queue, batch_size):
        self.a, self.a_len = queue.dequeue_many(batch_size)
