"""Readers of meter logs: the base declares what a reader must define."""
import abc


class BaseReader(metaclass=abc.ABCMeta):
    def __init__(self, path, num_epoch=1):
        self._path = path
        self._num_epoch = num_epoch

    @abc.abstractmethod
    def _read_and_decode(self, file_queue):
        """Decode one record."""

    @abc.abstractmethod
    def get_batch(self, batch_size):
        """Batches of decoded records."""
