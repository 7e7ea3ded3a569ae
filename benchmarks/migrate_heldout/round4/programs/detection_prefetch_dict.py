"""Object-detection input shape: a decoder returns a tensor dict, a batcher batches the dict, and a prefetcher
(another module) puts the batched dict through a named FIFOQueue with its own QueueRunner; the model side
calls `prefetch_queue.dequeue()`."""

import os as _os
import sys as _sys

_sys.path.insert(0, _os.path.dirname(_os.path.abspath(__file__)))

import os

import tensorflow.compat.v1 as tf

from detection_lib import prefetcher


class TfExampleDecoder(object):
    def __init__(self):
        self.keys_to_features = {
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        }

    def decode(self, serialized):
        parsed = tf.parse_single_example(serialized, self.keys_to_features)
        return {"boxes": tf.reshape(parsed["x"], [1, 3]), "classes": tf.cast(parsed["label"], tf.int32)}


def create_input_queue(data_dir, batch_size, prefetch_capacity):
    files = [os.path.join(data_dir, "records-2.tfrecord"), os.path.join(data_dir, "records-3.tfrecord")]
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(filename_queue)
    tensor_dict = TfExampleDecoder().decode(serialized)
    batched = tf.train.batch(tensor_dict, batch_size=batch_size, capacity=2 * batch_size,
                             allow_smaller_final_batch=False, num_threads=1)
    return prefetcher.prefetch(batched, prefetch_capacity)


def main(data_dir):
    input_queue = create_input_queue(data_dir, batch_size=8, prefetch_capacity=2)
    tensor_dict = input_queue.dequeue()
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        try:
            while True:
                d = sess.run(tensor_dict)
                batches.append({k: d[k].tolist() for k in sorted(d)})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
