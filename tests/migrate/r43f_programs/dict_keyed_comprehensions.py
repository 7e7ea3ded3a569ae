"""A dict of placeholders read by key in the queue's comprehensions (`[inputs[k].dtype for k in inputs]`, bound
once to names, the Input_proto form), the queue class imported by name; fed by one thread, closed at the end."""
import threading

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import FIFOQueue

from r43f_lib import rows


def main(data_dir):
    path = rows.write_rows(data_dir, 'keyed')
    inputs = {'features': tf.placeholder(tf.float32, [None, 3]), 'reading': tf.placeholder(tf.float32, [None])}
    inputs_shape = [inputs[k].get_shape()[1:] for k in inputs]
    inputs_type = [inputs[k].dtype for k in inputs]
    queue = FIFOQueue(10, inputs_type, shapes=inputs_shape)
    enqueue_op = queue.enqueue_many([inputs[k] for k in inputs])
    close_op = queue.close()
    features, reading = queue.dequeue_many(4)

    def feed(sess):
        for data in rows.chunks(path, 5):
            sess.run(enqueue_op, feed_dict={inputs['features']: data[0], inputs['reading']: data[1]})
        sess.run(close_op)

    batches = []
    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        try:
            while True:
                f, r = sess.run([features, reading])
                batches.append([f.tolist(), r.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        t.join()
    return {'batches': batches, 'end': end}
