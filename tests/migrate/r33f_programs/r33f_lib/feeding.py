"""A queue fed by one thread through the placeholders its callers hand it (a dict): dtypes and shapes read
from them, dequeued into its two components."""
import threading

from tensorflow.compat import v1 as tf

from r33f_lib import rows


def feed_batches(placeholders, path, batch_size=4):
    queue = tf.FIFOQueue(capacity=20, dtypes=[p.dtype for p in placeholders.values()],
                         shapes=[p.get_shape()[1:].as_list() for p in placeholders.values()])
    enqueue_op = queue.enqueue_many(list(placeholders.values()))
    close_op = queue.close()
    features, count = queue.dequeue_many(batch_size)

    def feed(sess, coord):
        try:
            for data in rows.dict_chunks(path, 5):
                if coord.should_stop():
                    break
                sess.run(enqueue_op, feed_dict={placeholders[k]: v for k, v in data.items()})
        finally:
            sess.run(close_op)

    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        t = threading.Thread(target=feed, args=(sess, coord))
        t.daemon = True
        t.start()
        try:
            while True:
                f, c = sess.run([features, count])
                out.append([f.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join([t])
    return out, end
