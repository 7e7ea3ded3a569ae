"""Trains on batches of a reader class of another module, made by the caller and passed to a training function."""
import tensorflow.compat.v1 as tf

from sequences_lib import SequenceReader


def train(batch):
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, label = sess.run(batch)
                out.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}


def main(data_dir):
    reader = SequenceReader(data_dir)
    return train(reader.dequeue(6))
