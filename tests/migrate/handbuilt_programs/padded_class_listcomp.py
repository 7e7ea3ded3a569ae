"""The padded queue in a class: ``SequenceInput.build`` makes the producer, a PaddingFIFOQueue given
positionally, a named enqueue op of a named list of tensors, copied ``[op] * k`` into a list, a runner registered by its own statement
(``qr = ...; tf.train.queue_runner.add_queue_runner(qr)``) and ``dequeue_many`` into attributes;
``import tensorflow as tf`` with ``tf.compat.v1`` calls."""

import os

import tensorflow as tf

from hb_lib.sequences import write_sequences


class SequenceInput(object):
    def __init__(self, files, batch_size, num_threads=2):
        self.files = files
        self.batch_size = batch_size
        self.num_threads = num_threads

    def build(self):
        queue = tf.compat.v1.train.string_input_producer(self.files, num_epochs=2, shuffle=False)
        reader = tf.compat.v1.TFRecordReader()
        _, record = reader.read(queue)
        _, seq = tf.io.parse_single_sequence_example(
            record, sequence_features={"inputs": tf.io.FixedLenSequenceFeature([3], tf.float32),
                                       "labels": tf.io.FixedLenSequenceFeature([], tf.int64)})
        length = tf.shape(seq["labels"])[0]
        examples = tf.compat.v1.PaddingFIFOQueue(100, [tf.float32, tf.int64, tf.int32], [[None, 3], [None], []])
        element = [seq["inputs"], seq["labels"], length]
        enqueue_op = examples.enqueue(element)
        ops = [enqueue_op] * self.num_threads
        qr = tf.compat.v1.train.queue_runner.QueueRunner(examples, ops)
        tf.compat.v1.train.queue_runner.add_queue_runner(qr)
        self.inputs, self.labels, self.lengths = examples.dequeue_many(self.batch_size)
        return self


def main(data_dir):
    files = write_sequences(os.path.join(data_dir, "hb_padded_class_listcomp"), 17, shards=3, width=3)
    model = SequenceInput(files, 4, num_threads=1).build()  # one thread: in order, the short tail dropped
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y, n = sess.run([model.inputs, model.labels, model.lengths])
                pads = [bool(x.shape[1] == max(n) and not x[j, n[j]:].any()) for j in range(len(n))]
                batches.append([[x[j, :n[j]].tolist() for j in range(len(n))],
                                [y[j, :n[j]].tolist() for j in range(len(n))], pads])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
