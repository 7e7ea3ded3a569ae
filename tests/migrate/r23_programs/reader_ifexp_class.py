"""A class chooses its reader by a conditional expression on an attribute (the other arm taken here: TFRecord
files), a docstring in the method (``import tensorflow.compat.v1 as tf1``)."""

import os

import tensorflow.compat.v1 as tf1


class Input(object):
    def __init__(self, whole_files=False):
        self.whole_files = whole_files

    def build(self, files):
        """The batches of the records' lengths."""
        queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
        reader = tf1.WholeFileReader() if self.whole_files else tf1.TFRecordReader()
        _, record = reader.read(queue)
        return tf1.train.batch([tf1.strings.length(record), record], 10)


def main(data_dir):
    files = [os.path.join(data_dir, f"records-{i}.tfrecord") for i in (0, 3)]
    batch = Input().build(files)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                sizes, records = sess.run(batch)
                batches.append([sizes.tolist(), [len(r) for r in records]])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
