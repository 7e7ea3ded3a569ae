"""Weather forecasting input written as a fluent builder: each stage is a method that stores its tensors on the
object and returns `self`, so the pipeline reads as one chained expression."""

import os

import tensorflow.compat.v1 as tf


class InputPipeline(object):

    def __init__(self, pattern):
        self._files = sorted(tf.gfile.Glob(pattern))
        self._tensors = None

    def read_csv(self, defaults, skip_header_lines=1, num_epochs=1):
        queue = tf.train.string_input_producer(self._files, num_epochs=num_epochs, shuffle=False)
        _, line = tf.TextLineReader(skip_header_lines=skip_header_lines).read(queue)
        self._tensors = tf.decode_csv(line, record_defaults=defaults)
        return self

    def map(self, fn):
        self._tensors = fn(*self._tensors)
        return self

    def batch(self, **kwargs):
        self._tensors = tf.train.batch(list(self._tensors), **kwargs)
        return self

    def tensors(self):
        return self._tensors


def to_weather(a, b, label):
    temperature = a / 10.0 - 2.0
    humidity = tf.minimum(b / 100.0, 1.0)
    rain = tf.cast(label > 2, tf.int32)
    return temperature, humidity, rain


def main(data_dir):
    temperature, humidity, rain = (
        InputPipeline(os.path.join(data_dir, "table-*.csv"))
        .read_csv([[0.0], [0.0], [0]])
        .map(to_weather)
        .batch(batch_size=7, allow_smaller_final_batch=True)
        .tensors())
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, h, r = sess.run([temperature, humidity, rain])
                batches.append([t.tolist(), h.tolist(), r.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "tables read"}
