"""A helper of another module returns ``(events, keep)`` from the reader's value, taken inline
(``reader.read(queue)[1]``); the caller unpacks the tuple and batches ``events`` and the mask (held-out round
23: "no input producer" though the producer was there)."""

import os

import tensorflow.compat.v1 as tf

from r23_lib import events as ev


def inputs(data_dir):
    files = [os.path.join(data_dir, f"records-{i}.tfrecord") for i in range(2)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    events, keep = ev.decode(reader.read(queue)[1], scale=3.0)
    return tf.train.batch([events, keep], 8, allow_smaller_final_batch=True)


def main(data_dir):
    batch = inputs(data_dir)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, ys = sess.run(batch)
                batches.append([xs.tolist(), ys.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
