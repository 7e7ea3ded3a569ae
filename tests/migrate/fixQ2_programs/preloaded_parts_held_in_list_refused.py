"""Preloaded parts held in `tf.Variable(placeholder, collections=[])` appended to a list attribute, sliced by one
producer and batched; the variables are filled by feeding after the graph is built."""
import tensorflow.compat.v1 as tf

from q2lib.held import HeldParts


def main(data_dir):
    parts = HeldParts(7)
    xs, ys = parts.tensors(batch_size=2)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        parts.fill(sess)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, ys])
                out.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": "OutOfRangeError"}
