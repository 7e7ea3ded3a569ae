import ntpath
import os
from abc import abstractmethod
from pathlib import Path

import tensorflow.compat.v1 as tf

from essay40_lib.preprocessor import EssayPreprocessor

__author__ = 'round40'


class DataLoader(object):
    _CSV_DELIM = "\t"
    _DEFAULT_SKIP_HEADER_LINES = 0
    _name = "data_loader"
    _num_threads = 1  # 32
    _batch_size = 3  # 64
    _min_after_dequeue = _batch_size * _num_threads
    _capacity = 20  # _min_after_dequeue + (_num_threads + 16) * _batch_size  # as recommended in tf tutorial

    def __init__(self, record_defaults, field_delim, data_column, bucket_boundaries, file_names,
                 skip_header_lines=_DEFAULT_SKIP_HEADER_LINES,
                 num_threads=_num_threads, batch_size=_batch_size, min_after_dequeue=_min_after_dequeue,
                 capacity=_capacity, name=_name):
        self.__file_names = file_names
        self.__field_delim = field_delim
        self.__record_defaults = record_defaults
        self.__skip_header_lines = skip_header_lines
        self.__data_column = data_column
        self.__bucket_boundaries = bucket_boundaries  # kept for the bucketed batch, see __load_batch

        self.num_threads = num_threads
        self._batch_size = batch_size
        self._min_after_dequeue = min_after_dequeue
        self._capacity = capacity
        self._name = name

        self.shuffle_queue = tf.RandomShuffleQueue(capacity=self._capacity, min_after_dequeue=self._min_after_dequeue,
                                                   dtypes=[tf.int64, tf.int32], shapes=None, seed=40)

    def get_data(self):
        return self.__load_batch(self.__file_names, record_defaults=self.__record_defaults,
                                 field_delim=self.__field_delim, data_column=self.__data_column,
                                 bucket_boundaries=self.__bucket_boundaries, skip_header_lines=self.__skip_header_lines,
                                 num_epochs=1, shuffle=True)

    @staticmethod
    def _split_file_to_path_and_name(file_name):
        file_path, tail = ntpath.split(file_name)
        file_path += '/'

        return file_path, tail

    @staticmethod
    def __generate_preprocessed_files(file_names, data_column, bucket_boundaries, field_delim=_CSV_DELIM):
        new_file_names = []
        for filename in file_names:
            file_path, tail = DataLoader._split_file_to_path_and_name(filename)

            file_name = EssayPreprocessor.CLEAN_PREFIX + tail
            file = Path(file_path + file_name)
            new_file_names.append(file_path + file_name)

            if file.exists():
                try:
                    os.remove(file_path + file_name)
                except OSError:
                    pass

            DataLoader.__preprocess_file(file_path, file_name, tail, field_delim, data_column)

        return new_file_names

    @staticmethod
    def __preprocess_file(path, file_name, source_name, field_delim, data_column):
        preprocessor = EssayPreprocessor(path, file_name, field_delim)
        preprocessor.apply_preprocessing(data_column, source_name)
        preprocessor.save_preprocessed_file()

    def __load_batch(self, file_names, record_defaults, data_column, bucket_boundaries, field_delim=_CSV_DELIM,
                     skip_header_lines=0,
                     num_epochs=None, shuffle=True):

        file_names = DataLoader.__generate_preprocessed_files(file_names, data_column, bucket_boundaries,
                                                              field_delim=field_delim)

        filename_queue = tf.train.string_input_producer(
            file_names, num_epochs=num_epochs, shuffle=shuffle, seed=40
        )

        example, label = self._read_file(filename_queue, record_defaults, field_delim, skip_header_lines)

        voca_path, voca_name = DataLoader._split_file_to_path_and_name(
            file_names[0])  # TODO: will break with multiple filenames
        voca_name = EssayPreprocessor.VOCABULARY_PREFIX + voca_name

        # load look up table that maps words to ids
        table = tf.lookup.StaticHashTable(
            tf.lookup.TextFileInitializer(voca_path + voca_name, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
                                          tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), -1)

        # convert to tensor of strings
        split_example = tf.string_split([example], " ")

        # convert sparse to dense
        dense_example = tf.sparse_tensor_to_dense(split_example, default_value="")
        dense_example = table.lookup(dense_example)

        # get the enqueue op to pass to a coordintor to be run
        self.enqueue_op = self.shuffle_queue.enqueue([dense_example, label])
        dense_example, label = self.shuffle_queue.dequeue()

        # reshape from <unknown> shape into proper form after dequeue from random shuffle queue
        # this is needed so next queue can automatically infer the shape properly
        dense_example = tf.reshape(dense_example[0], shape=[-1])
        label = tf.reshape(label, shape=[])
        length = tf.size(dense_example)

        # contrib's bucket_by_sequence_length is gone: one padded batch instead of one per bucket
        padded_examples, label_examples, lengths = tf.train.batch([dense_example, label, length],
                                                                  batch_size=self._batch_size,
                                                                  dynamic_pad=True,
                                                                  capacity=self._capacity,
                                                                  num_threads=self.num_threads)

        return padded_examples, label_examples, lengths

    def _read_file(self, filename_queue, record_defaults, field_delim=_CSV_DELIM,
                   skip_header_lines=_DEFAULT_SKIP_HEADER_LINES):
        """
        Each class should implement this depending on the file format they want to read, default is csv
        :param filename_queue:
        :return:
        """

        reader = tf.TextLineReader(skip_header_lines=skip_header_lines)
        key, value = reader.read(filename_queue)

        _, example, label = tf.decode_csv(value, record_defaults, field_delim)

        return example, label

    @abstractmethod
    def _preprocess_example(self, example):
        """
        Applies preprocessing where to the examples
        :param example: an example to preprocess
        :return: the preprocessed example
        """

        return example
