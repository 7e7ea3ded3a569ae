# CsvReader without gc implementation.
import os
import re
import fnmatch
import threading
import tensorflow as tf


class CsvReader(object):
    def __init__(self, files, receptive_field, sample_size, config):

        # We use batch size in tf.train.batch to indicate one chunk of data.
        # TODO: Implement a second queue around these blocks if needed.
        batch_size = receptive_field + sample_size
        self.batch_size = batch_size

        self.data_dim = config["data_dim"]

        # Initialize the main data batch. This uses raw values, no lookup table.
        data_files = [files[i] for i in range(len(files)) if files[i].endswith(config["data_suffix"])]
        self.data_batch = self._get_data_batch(data_files, config)

    def _get_data_batch(self, data_files, config):
        file_queue = tf.compat.v1.train.string_input_producer(data_files, shuffle=False,
                                                              num_epochs=config["num_epochs"])
        reader = tf.compat.v1.TextLineReader(skip_header_lines=config["header_lines"])
        _, line = reader.read(file_queue)
        # depth (cm) and then data_dim measurements per layer
        defaults = [[0]] + [[0.0]] * self.data_dim
        cols = tf.compat.v1.decode_csv(line, record_defaults=defaults)
        depth = cols[0]
        data = tf.stack(cols[1:])
        return tf.compat.v1.train.batch([depth, data], batch_size=self.batch_size,
                                        num_threads=1, capacity=self.batch_size * 4,
                                        allow_smaller_final_batch=True)

    def get_batch(self):
        return self.data_batch
