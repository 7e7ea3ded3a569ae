"""Tabular input driven by a frozen `@dataclass` config carrying every parameter (file pattern, column
selection, delimiter, batch size, epochs); `decode_csv(select_cols=...)` keeps only two of the columns; the
pipeline function takes the config as its only argument.
"""

import dataclasses
import os
from typing import Tuple

import tensorflow.compat.v1 as tf


@dataclasses.dataclass(frozen=True)
class InputConfig:
    data_dir: str
    file_pattern: str = "table-*.csv"
    select_cols: Tuple[int, ...] = (0, 2)
    field_delim: str = ","
    skip_header_lines: int = 1
    batch_size: int = 16
    num_epochs: int = 1
    capacity_factor: int = 3

    @property
    def files(self):
        return sorted(tf.gfile.Glob(os.path.join(self.data_dir, self.file_pattern)))

    @property
    def record_defaults(self):
        return [[0]] * len(self.select_cols)


def make_batches(config: InputConfig):
    filename_queue = tf.train.string_input_producer(config.files, num_epochs=config.num_epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=config.skip_header_lines)
    _, line = reader.read(filename_queue)
    value, label = tf.decode_csv(line, record_defaults=config.record_defaults, field_delim=config.field_delim,
                                 select_cols=list(config.select_cols))
    value = tf.cast(value, tf.float32) / 10.0
    return tf.train.batch([value, label], batch_size=config.batch_size,
                          capacity=config.capacity_factor * config.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    config = InputConfig(data_dir=data_dir, batch_size=16)
    values, labels = make_batches(config)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                v, l = sess.run([values, labels])
                batches.append([v.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
