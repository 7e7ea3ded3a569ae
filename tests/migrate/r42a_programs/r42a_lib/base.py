"""Abstract readers: every subclass must define ``_decode(queue)`` (``abc.abstractmethod``)."""
import abc


class BaseReader(metaclass=abc.ABCMeta):
    def __init__(self, files, epochs):
        self._files = files
        self._epochs = epochs

    @abc.abstractmethod
    def _decode(self, queue):
        """The record's tensors, read from ``queue``."""

    @abc.abstractmethod
    def batches(self, size):
        """Batches of decoded records."""

