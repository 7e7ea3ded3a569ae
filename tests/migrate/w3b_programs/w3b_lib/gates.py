"""The queue built by a helper of another module; the thread count a module constant never bound again."""
import tensorflow.compat.v1 as tf

READERS = 2


def gate_rows(path, batch_size):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    a, b, i = tf.decode_csv(line, [[0.0], [0.0], [0]])
    x = tf.stack([a, b, tf.cast(i, tf.float32)])
    q = tf.FIFOQueue(capacity=4, dtypes=tf.float32)
    enqueue_op = q.enqueue(x)
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enqueue_op] * READERS))
    inputs = q.dequeue()
    inputs.set_shape([3])
    return tf.train.batch([inputs], batch_size=batch_size)
