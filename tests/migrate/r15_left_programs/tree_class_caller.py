"""The three-module pipeline driven by a class: the reader helper imported by name, the batch helper through its
module, the file queue of two files."""

import tensorflow.compat.v1 as tf

from r15l_lib import batching, sources
from r15l_lib.decoders import read_example


class Input(object):
    def __init__(self, data_dir, batch_size):
        self.data_dir = data_dir
        self.batch_size = batch_size

    def batches(self):
        queue = sources.file_queue(self.data_dir, "records-[03].tfrecord", num_epochs=2, name="two_files")
        example = read_example(queue)
        return batching.make_batch(example, batch_size=self.batch_size, capacity_batches=3)


def main(data_dir):
    batch = Input(data_dir, 25).batches()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                values = sess.run(batch)
                batches.append([values["label"].tolist(), values["x_sum"].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
