"""``tensorflow.python`` spellings: a Source object made once in the input function gives a TextLineReader that
skips each file's header; two readers enqueue each line's fields into a FIFOQueue, the parsed rows batched."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops
from tensorflow.python.training import queue_runner


class CsvSource(object):
    def make_reader(self):
        return tf.TextLineReader(skip_header_lines=1)


def input_fn(data_dir, batch_size):
    source = CsvSource()
    paths = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    files = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    lines = data_flow_ops.FIFOQueue(capacity=40, dtypes=[tf.string])
    ops = []
    for _ in range(2):
        _, line = source.make_reader().read(files)
        ops.append(lines.enqueue([line]))
    queue_runner.add_queue_runner(queue_runner.QueueRunner(lines, ops))
    line = lines.dequeue()
    a, b, c = tf.decode_csv(tf.reshape(line, []), record_defaults=[[0.0], [0.0], [0]])
    return tf.train.batch([tf.stack([a, b]), c], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    rows, labels = input_fn(data_dir, 6)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                r, l = sess.run([rows, labels])
                batches.append([r.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
