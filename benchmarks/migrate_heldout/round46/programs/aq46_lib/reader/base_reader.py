"""
Station data readers.
"""
import abc


class BaseReader(metaclass=abc.ABCMeta):
    """This abstract class defines basic functions of a data reader."""
    def __init__(self, path, num_epoch=1):
        """Initialization."""
        self._path = path
        self._num_epoch = num_epoch

    @abc.abstractmethod
    def _read_and_decode(self, file_queue):
        """Decode data."""

    @abc.abstractmethod
    def get_batch(self, batch_size):
        """Return a batch of tensors."""
