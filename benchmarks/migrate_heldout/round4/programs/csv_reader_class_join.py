"""A data class whose `read_my_file_format` method is called once per reader thread in a list comprehension and
joined by `shuffle_batch_join`; TensorFlow's queue APIs imported through `tensorflow.python` modules."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import io_ops
from tensorflow.python.ops import parsing_ops
from tensorflow.python.training import input as input_lib


class CsvData(object):
    def __init__(self, data_dir, vector_size=2):
        self.filenames = sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))
        self.vector_size = vector_size

    def read_my_file_format(self, filename_queue):
        reader = io_ops.TextLineReader(skip_header_lines=1)
        key, record_string = reader.read(filename_queue)
        record_defaults = [[0.0]]
        for _ in range(self.vector_size):
            record_defaults.append([0.0])
        csv_row = parsing_ops.decode_csv(record_string, record_defaults)
        head = csv_row[0:1]
        tail = csv_row[1:]
        return head, tail

    def input_pipeline(self, batch_size, read_threads, num_epochs=None):
        filename_queue = input_lib.string_input_producer(self.filenames, num_epochs=num_epochs, shuffle=True)
        min_after_dequeue = 2
        capacity = min_after_dequeue + 3 * batch_size
        example_list = [self.read_my_file_format(filename_queue) for _ in range(read_threads)]
        head_batch, tail_batch = input_lib.shuffle_batch_join(
            example_list, batch_size=batch_size, capacity=capacity, min_after_dequeue=min_after_dequeue,
            allow_smaller_final_batch=True)
        return head_batch, tail_batch


def main(data_dir):
    data = CsvData(data_dir)
    heads, tails = data.input_pipeline(batch_size=14, read_threads=2, num_epochs=1)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                h, t = sess.run([heads, tails])
                batches.append([h.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
