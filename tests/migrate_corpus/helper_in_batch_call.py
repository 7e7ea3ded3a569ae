"""The reading-data how-to's helper called inside the batch call (`shuffle_batch(read_my_file_format(q),
...)`), and an image list whose per-element code runs a py_func on the path (`tf.py_func(load, [path], ...)`)."""

import numpy as np
import tensorflow.compat.v1 as tf


def read_my_file_format(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, record_string = reader.read(filename_queue)
    a, b, label = tf.decode_csv(record_string, record_defaults=[[0], [0.0], [0]])
    example = tf.stack([tf.cast(a, tf.float32), b])
    return example, label


def input_pipeline(filenames, batch_size, num_epochs=None):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    min_after_dequeue = 20
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, label_batch = tf.train.shuffle_batch(
        read_my_file_format(filename_queue), batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, allow_smaller_final_batch=True)
    return example_batch, label_batch


def _name_length(path):
    return np.int64(len(path.decode().rsplit("/", 1)[-1]))


def image_list(data_dir):
    paths = [data_dir + "/image-%d.png" % i for i in range(6)]
    path, label = tf.train.slice_input_producer([paths, list(range(6))], shuffle=False, num_epochs=2)
    length = tf.py_func(_name_length, [path], tf.int64, stateful=False)
    length.set_shape([])
    return tf.train.batch([length + tf.cast(label, tf.int64)], batch_size=4, allow_smaller_final_batch=True)


def _drain(sess, tensors, out):
    try:
        while True:
            values = sess.run(tensors)
            out.append([v.tolist() for v in values] if isinstance(values, (list, tuple)) else [values.tolist()])
    except tf.errors.OutOfRangeError:
        return "OutOfRangeError"


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/table-*.csv"))
    examples, labels = input_pipeline(files, 10, num_epochs=1)
    lengths = image_list(data_dir)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        _drain(sess, [examples, labels], batches)
        end = _drain(sess, lengths, batches)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
