"""The compression a parameter's default (a string), given to `python_io.TFRecordOptions` imported with
`from tensorflow.compat.v1 import python_io`; the pipeline in a class method, its caller passes no compression."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import python_io


def write(data_dir):
    path = os.path.join(data_dir, "r15a_param.gz")
    with python_io.TFRecordWriter(path, options=python_io.TFRecordOptions("GZIP")) as w:
        for i in range(10):
            w.write(b"%03d" % (i * 7))
    return path


def build(files, batch_size, compression="GZIP"):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader(options=python_io.TFRecordOptions(compression))
    _, value = reader.read(filename_queue)
    number = tf.strings.to_number(value, out_type=tf.int32)
    return tf.train.batch([number], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    batch = build([write(data_dir)], 3)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
