"""A melt-style join: one reader function called once per reader thread, its index naming the reader's ops."""
import tensorflow.compat.v1 as tf


def _read(filename_queue, parse, reader_index=0):
    with tf.name_scope('reader_%d' % reader_index):
        reader = tf.TextLineReader(name='line_reader_%d' % reader_index)
        _, line = reader.read(filename_queue)
        values = parse(line)
        if isinstance(values, (list, tuple)):
            return list(values)
        return [values]


def inputs(files, parse, batch_size, num_readers=2):
    with tf.name_scope('loans'):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        rows = [_read(queue, parse, reader_index) for reader_index in range(num_readers)]
        return tf.train.batch_join(rows, batch_size=batch_size, capacity=8 * batch_size,
                                   allow_smaller_final_batch=True, name='batch_join')
