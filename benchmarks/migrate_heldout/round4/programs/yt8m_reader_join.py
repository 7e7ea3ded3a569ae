"""Video-classification starter shape: a reader class in another module, `num_readers` copies joined.

`import tensorflow as tf` with `tf.compat.v1` calls, `read_up_to` + `parse_example`, `shuffle_batch_join`
with `enqueue_many=True`, a `coord.should_stop()` loop that ends on OutOfRangeError.
"""

import os as _os
import sys as _sys

_sys.path.insert(0, _os.path.dirname(_os.path.abspath(__file__)))

import glob
import os

import tensorflow as tf

from yt_lib import readers


def get_input_data_tensors(reader, data_pattern, batch_size=10, num_readers=2, num_epochs=1):
    with tf.name_scope("train_input"):
        files = sorted(glob.glob(data_pattern))
        if not files:
            raise IOError("Unable to find training files. data_pattern='" + data_pattern + "'.")
        filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True)
        training_data = [reader.prepare_reader(filename_queue) for _ in range(num_readers)]
        return tf.compat.v1.train.shuffle_batch_join(
            training_data,
            batch_size=batch_size,
            capacity=batch_size * 8,
            min_after_dequeue=batch_size,
            allow_smaller_final_batch=True,
            enqueue_many=True)


def main(data_dir):
    reader = readers.RecordFeatureReader(feature_size=3)
    id_batch, x_batch = get_input_data_tensors(reader, os.path.join(data_dir, "records-*.tfrecord"),
                                               batch_size=16)
    batches = []
    end = None
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                ids, xs = sess.run([id_batch, x_batch])
                batches.append([ids.tolist(), xs.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
