import threading
from collections import OrderedDict

from tensorflow.compat import v1 as tf


def make_placeholders(window_size):
    placeholders = OrderedDict()
    placeholders['window'] = tf.placeholder(tf.float32, [None, window_size], name='window')
    placeholders['volume'] = tf.placeholder(tf.float32, [None], name='volume')
    placeholders['target'] = tf.placeholder(tf.float32, [None], name='target')
    return placeholders


def make_queue(placeholders, capacity=20):
    with tf.device('/cpu:0'):
        queue = tf.FIFOQueue(capacity,
                             dtypes=[ph.dtype for _, ph in placeholders.items()],
                             shapes=[ph.get_shape()[1:] for _, ph in placeholders.items()])
        enqueue_op = queue.enqueue_many([ph for _, ph in placeholders.items()])
        close_op = queue.close()
    return queue, enqueue_op, close_op


def enqueue_func(sess, enqueue_op, close_op, placeholders, dataset, coord, num_epoch, enqueue_size=32):
    try:
        for _ in range(num_epoch):
            for step, data_dict in enumerate(dataset.train_datas(enqueue_size)):
                if coord.should_stop():
                    return
                feed_dict = {placeholders[k]: v for k, v in data_dict.items()}
                sess.run(enqueue_op, feed_dict=feed_dict)
        sess.run(close_op)
    except Exception as e:
        coord.request_stop(e)


def enqueue(sess, enqueue_op, close_op, placeholders, dataset, coord, num_epoch, enqueue_size=6):
    """Make the enqueueing thread that generates data and puts it into the queue."""
    enqueue_thread = threading.Thread(target=enqueue_func,
                                      args=[sess, enqueue_op, close_op, placeholders, dataset,
                                            coord, num_epoch, enqueue_size])
    enqueue_thread.daemon = True
    enqueue_thread.start()
    return enqueue_thread
