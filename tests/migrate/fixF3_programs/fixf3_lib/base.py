"""A base class of the package: its own attributes only (a batch size, a counter of batches asked for)."""
import abc


class Source(abc.ABC):

    def __init__(self, batch_size):
        self.batch_size = batch_size
        self.asked = 0

    def count(self):
        self.asked += 1
        return self.asked
