"""im2txt's three-module layout: the program makes the model (`r21l_lib/model_a.py`), whose method calls the
prefetch helper of `prefetch_a.py` with the reader it holds on `self` and `is_training()` read from a method,
and hands its preprocessing copies to `batching_a.batch_with_dynamic_pad`."""

import os

import tensorflow.compat.v1 as tf

from r21l_lib.model_a import CaptionModel


def main(data_dir):
    model = CaptionModel(os.path.join(data_dir, "records-1.tfrecord") + "," +
                         os.path.join(data_dir, "records-3.tfrecord"), mode="eval")
    model.build_inputs()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b, t, m = sess.run([model.xs, model.input_seqs, model.target_seqs, model.mask])
                lengths = m.sum(axis=1).tolist()
                batches.append([a.tolist(), [r[:n].tolist() for r, n in zip(b, lengths)],
                                [r[:n].tolist() for r, n in zip(t, lengths)], lengths])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
