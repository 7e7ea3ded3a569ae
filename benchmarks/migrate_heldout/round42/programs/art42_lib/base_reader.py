"""
Base class of the painting data readers.
"""
import abc


class BaseReader(metaclass=abc.ABCMeta):
    """
    This is a base class for data readers: a reader gets a folder of TFRecord files and
    how many epochs to read them, and builds batches of decoded examples.
    """
    def __init__(self, path, num_epoch):
        """
        Initialization.
        :param path:
        :param num_epoch:
        """
        self._path = path
        self._num_epoch = num_epoch

    @abc.abstractmethod
    def _read_and_decode(self, file_queue):
        """
        Decode data.
        :param file_queue:
        :return:
        """

    @abc.abstractmethod
    def get_batch(self, batch_size):
        """
        Get a batch of data.
        :param batch_size:
        :return:
        """
