import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def shuffled(image, label, batch_size, shuffle=True):
    if shuffle:
        queue = tf.RandomShuffleQueue(capacity=30, min_after_dequeue=batch_size, dtypes=[tf.float32, tf.int32],
                                      shapes=[[2], []])
    else:
        queue = tf.FIFOQueue(30, [tf.float32, tf.int32], shapes=[[2], []])
    enqueue_op = queue.enqueue([image, label])
    train.add_queue_runner(train.QueueRunner(queue, [enqueue_op] * 3))
    images, labels = queue.dequeue_many(batch_size)
    return images, labels
