"""YouTube-8M starter-code shape: a reader object (another module, base class + subclass) passed to
`get_input_data_tensors`, which makes one `prepare_reader` per reader thread in a list comprehension
(read_up_to + parse_example) and joins them with batch_join(enqueue_many=True)."""

import os

import tensorflow.compat.v1 as tf

from yt_lib import inputs
from yt_lib import readers


def main(data_dir):
    reader = readers.RecordFeatureReader(num_features=3, feature_name="x")
    features, labels = inputs.get_input_data_tensors(
        reader, os.path.join(data_dir, "records-*.tfrecord"), batch_size=20, num_readers=2)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                features_v, labels_v = sess.run([features, labels])
                batches.append([features_v.tolist(), labels_v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
