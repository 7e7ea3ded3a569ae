"""The model class and its batch helper in the program, the prefetch helper in another module
(`import r21l_lib.inputs_c as input_ops`), the reader held on `self`, evaluation asked for by a literal `False`
(the helper's `if` resolved)."""

import os

import tensorflow.compat.v1 as tf

import r21l_lib.inputs_c as input_ops


def batch_pairs(pairs, batch_size, add_summaries=False):
    listed = []
    for value, caption in pairs:
        indicator = tf.ones(tf.shape(caption), dtype=tf.int32)
        listed.append([value, caption, indicator])
    values, captions, mask = tf.train.batch_join(listed, batch_size=batch_size, capacity=32, dynamic_pad=True,
                                                 allow_smaller_final_batch=True)
    if add_summaries:
        tf.summary.scalar("mask_sum", tf.reduce_sum(mask))
    return values, captions, mask


class Inputs(object):

    def __init__(self, pattern, training):
        self.pattern = pattern
        self.training = training
        self.reader = tf.TFRecordReader()

    def build(self):
        queue = input_ops.prefetch_input_data(self.reader, self.pattern, False, num_reader_threads=2)
        pairs = []
        for thread_id in range(2):
            serialized = queue.dequeue()
            features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                            "label": tf.FixedLenFeature([1], tf.int64)})
            caption = tf.range(tf.reshape(features["label"], []) % 5 + 1)
            pairs.append([features["x"][0], caption])
        return batch_pairs(pairs, batch_size=6)


def main(data_dir):
    values, captions, mask = Inputs(os.path.join(data_dir, "records-[13].tfrecord"), training=False).build()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                v, c, m = sess.run([values, captions, mask])
                lengths = m.sum(axis=1).tolist()
                batches.append([v.tolist(), [r[:n].tolist() for r, n in zip(c, lengths)], lengths])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
