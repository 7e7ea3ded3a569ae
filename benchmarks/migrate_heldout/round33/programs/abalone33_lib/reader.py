"""An abalone line reader class and a hand-built FIFOQueue fed by its own QueueRunner."""
import tensorflow.compat.v1 as tf

SEXES = ["M", "F", "I"]


class AbaloneReader(object):
    def __init__(self, filenames, num_epochs=1):
        self.filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)

    def read(self):
        _, line = tf.TextLineReader().read(self.filename_queue)
        sex, length, diameter, rings = tf.decode_csv(line, [["I"], [0.0], [0.0], [0]])
        sex_id = tf.argmax(tf.cast(tf.equal(tf.constant(SEXES), sex), tf.int32), output_type=tf.int32)
        return tf.stack([length, diameter]), sex_id, rings


def queued_batch(reader, batch_size, capacity=16):
    example, sex, rings = reader.read()
    queue = tf.FIFOQueue(capacity, [tf.float32, tf.int32, tf.int32], shapes=[[2], [], []])
    enqueue_op = queue.enqueue([example, sex, rings])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    return queue.dequeue_many(batch_size)
