"""A values queue made by a helper of one module (a ``RandomShuffleQueue`` here, by the mode) and read by
``dequeue_many`` in a model class of another module, which keeps the reader on ``self`` (``input_reader if
input_reader else tf.TFRecordReader()``) and parses the batch (held-out round 22's skip-thoughts input)."""

import os

import tensorflow.compat.v1 as tf

from r22left_lib import captions_model


def main(data_dir):
    model = captions_model.CaptionsModel(os.path.join(data_dir, "records-*.tfrecord"), mode="train")
    model.build_inputs()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                labels, x = sess.run([model.labels, model.x])
                batches.append([labels.tolist(), x.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
