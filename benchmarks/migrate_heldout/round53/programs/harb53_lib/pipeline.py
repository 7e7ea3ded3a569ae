import tensorflow.compat.v1 as tf


def build_queue(store, capacity=32, num_enqueue=2):
    index_queue = tf.train.range_input_producer(len(store), num_epochs=1, shuffle=False)
    index = index_queue.dequeue()
    box, xy = tf.py_func(store.load, [index], [tf.int64, tf.float32], stateful=False)
    box.set_shape([])
    xy.set_shape([2])
    queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=2, dtypes=[tf.int64, tf.float32],
                                  shapes=[[], [2]], seed=53)
    enqueue_op = queue.enqueue([box, xy])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op] * num_enqueue))
    return queue
