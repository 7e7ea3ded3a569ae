"""A line reader class that makes its file queue in `__init__` and reads it inline in `read()`; a module function
taking the object builds a hand-built FIFOQueue with its own QueueRunner and dequeues batches of it."""
import tensorflow.compat.v1 as tf

KINDS = ["M", "F", "I"]


class ShellReader(object):
    def __init__(self, filenames, num_epochs=1):
        self.filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)

    def read(self):
        _, line = tf.TextLineReader().read(self.filename_queue)
        kind, length, diameter, rings = tf.decode_csv(line, [["I"], [0.0], [0.0], [0]])
        kind_id = tf.argmax(tf.cast(tf.equal(tf.constant(KINDS), kind), tf.int32), output_type=tf.int32)
        return tf.stack([length, diameter]), kind_id, rings


def queued_batch(reader, batch_size, capacity=16):
    example, kind, rings = reader.read()
    queue = tf.FIFOQueue(capacity, [tf.float32, tf.int32, tf.int32], shapes=[[2], [], []])
    enqueue_op = queue.enqueue([example, kind, rings])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    return queue.dequeue_many(batch_size)
