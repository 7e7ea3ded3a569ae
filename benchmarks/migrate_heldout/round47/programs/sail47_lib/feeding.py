import tensorflow as tf
import threading
from collections import OrderedDict


def enqueue_func(sess, queue, placeholders,
                 dataset, coord, num_epoch, enqueue_size=32, enqueue_op=None, close_op=None):

    if enqueue_op is None:
        with tf.device("/cpu:0"):
            enqueue_op = queue.enqueue_many([ph for _, ph in placeholders.items()])

    for _ in range(num_epoch):
        for step, data_dict in enumerate(dataset.train_datas(enqueue_size)):
            feed_dict = {placeholders[k]: v for k, v in data_dict.items()}
            sess.run(enqueue_op, feed_dict=feed_dict)

    sess.run(close_op if close_op is not None else queue.close())
    coord.request_stop()


def enqueue(sess, queue, dataset, coord, num_epoch, placeholders=None, enqueue_size=32):
    """
    Make enqueueing thread that generates data and put it into given queue
    """
    if placeholders is None:
        placeholders = OrderedDict(
            (name, tf.compat.v1.placeholder(dtype, [None] + shape, name=name))
            for name, dtype, shape in dataset.signature)
    # ops made here, before the thread runs (the graph is not touched from the thread)
    with tf.device("/cpu:0"):
        enqueue_op = queue.enqueue_many([ph for _, ph in placeholders.items()])
    close_op = queue.close()
    thread = threading.Thread(target=enqueue_func,
                              args=(sess, queue, placeholders, dataset, coord, num_epoch, enqueue_size,
                                    enqueue_op, close_op))
    thread.start()
    return thread
