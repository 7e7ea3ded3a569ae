"""A prefetch queue of this module whose class an inline conditional chooses, called with the flag True (one
dequeue of a padding queue pads nothing); plain session, Coordinator, to the end of one epoch."""
import os

import tensorflow.compat.v1 as tf


def prefetch(batch, capacity=2, padded=False):
    buffer = (tf.PaddingFIFOQueue if padded else tf.FIFOQueue)(
        capacity=capacity, dtypes=[t.dtype for t in batch], shapes=[t.get_shape() for t in batch])
    enqueue = buffer.enqueue(batch)
    tf.train.add_queue_runner(tf.train.QueueRunner(buffer, [enqueue]))
    return buffer


def main(data_dir):
    path = os.path.join(data_dir, "f2_inline.csv")
    with open(path, "w") as f:
        for i in range(10):
            f.write("%d,%.2f\n" % (i, 1.25 * i))
    names = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(names)
    key, weight = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    keys, weights = tf.train.batch([key, weight], batch_size=2, capacity=6)
    staged = prefetch([keys, weights], capacity=3, padded=True)
    out_keys, out_weights = staged.dequeue()
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                k, w = sess.run([out_keys, out_weights])
                batches.append([k.tolist(), w.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
