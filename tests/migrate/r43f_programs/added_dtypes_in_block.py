"""Placeholders made in the queue's own block: the dtypes a name bound once to a name bound once plus a literal
list; fed by one thread from a generator of whole chunks."""
import threading

import tensorflow as tf

from r43f_lib import rows

tf1 = tf.compat.v1


def main(data_dir):
    path = rows.write_rows(data_dir, 'added')
    phs = [tf1.placeholder(tf.float32, [None, 3]), tf1.placeholder(tf.int32, [None])]
    feature_types = [tf.float32]
    inputs_type = feature_types + [tf.int32]
    queue = tf1.FIFOQueue(10, inputs_type, shapes=[[3], []])
    enqueue_op = queue.enqueue_many(phs)
    close_op = queue.close()
    f_batch, r_batch = queue.dequeue_many(4)

    def feed(sess):
        for data in rows.chunks(path, 3):
            sess.run(enqueue_op, feed_dict={phs[0]: data[0], phs[1]: data[1].astype('int32')})
        sess.run(close_op)

    batches = []
    with tf1.Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        try:
            while True:
                f, r = sess.run([f_batch, r_batch])
                batches.append([f.tolist(), r.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        t.join()
    return {'batches': batches, 'end': end}
