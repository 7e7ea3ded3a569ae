"""A queue-returning builder of another module: one values queue of lines over the files, filled by two
readers' enqueue ops and their QueueRunner; `from tensorflow.compat.v1 import train` style."""
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def values_queue(files, num_readers=2):
    file_queue = train.string_input_producer(files, shuffle=False, num_epochs=1)
    queue = tf.FIFOQueue(capacity=32, dtypes=[tf.string], shapes=[()])
    enqueue_ops = []
    for _ in range(num_readers):
        _, line = tf.TextLineReader().read(file_queue)
        enqueue_ops.append(queue.enqueue([line]))
    train.add_queue_runner(train.QueueRunner(queue, enqueue_ops))
    return queue
